import { describe, expect, it } from 'vitest';

import { ERAS } from '../test-support/matrix.js';
import { sseFraming } from './sse-framing.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('sse-framing', () => {
  it('passes the legacy reference server over HTTP (SSE answers) and skips the modern one (JSON answers)', async () => {
    const legacy = await conformanceCase(sseFraming, 'reference', 'http', '2025-11-25');
    expect(legacy).toMatchObject({ status: 'pass', label: 'sse-framing-clean', measurements: { defects: 0 } });
    const modern = await conformanceCase(sseFraming, 'reference', 'http', '2026-07-28');
    expect(modern).toMatchObject({ status: 'skip', label: 'no-sse-observed' });
  });

  it.each(ERAS)('passes streams that end with their answer over HTTP on %s', async (protocol) => {
    const record = await conformanceCase(sseFraming, 'wire-flaws', 'http', protocol, { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'pass', label: 'sse-framing-clean', measurements: { defects: 0 } });
  });

  it('skips stdio', async () => {
    const record = await conformanceCase(sseFraming, 'wire-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'skip', label: 'not-applicable-stdio' });
  });

  it('fails (at SHOULD level) an event after the answer on its stream', async () => {
    const record = await conformanceCase(sseFraming, 'wire-flaws', 'http', '2025-11-25', { FIXTURE_FLAW: 'progress-after-answer' });
    expect(record).toMatchObject({ status: 'fail', label: 'sse-after-response' });
  });

  it('fails a 2026-07-28 SSE response without X-Accel-Buffering, and not a legacy one', async () => {
    const modern = await conformanceCase(sseFraming, 'wire-flaws', 'http', '2026-07-28', { FIXTURE_FLAW: 'no-accel-buffering' });
    expect(modern).toMatchObject({ status: 'fail', label: 'accel-buffering-missing' });
    const legacy = await conformanceCase(sseFraming, 'wire-flaws', 'http', '2025-11-25', { FIXTURE_FLAW: 'no-accel-buffering' });
    expect(legacy).toMatchObject({ status: 'pass', label: 'sse-framing-clean' });
  });
});
