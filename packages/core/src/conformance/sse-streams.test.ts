import { describe, expect, it } from 'vitest';

import { ERAS } from '../test-support/matrix.js';
import { sseStreams } from './sse-streams.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('sse-streams', () => {
  it('passes the legacy reference server over HTTP (SSE answers) and skips the modern one (JSON answers)', async () => {
    const legacy = await conformanceCase(sseStreams, 'reference', 'http', '2025-11-25');
    expect(legacy).toMatchObject({ status: 'pass', label: 'sse-streams-distinct', measurements: { defects: 0 } });
    const modern = await conformanceCase(sseStreams, 'reference', 'http', '2026-07-28');
    expect(modern).toMatchObject({ status: 'skip', label: 'no-sse-observed' });
  });

  it.each(ERAS)('passes distinct streams over HTTP on %s', async (protocol) => {
    const record = await conformanceCase(sseStreams, 'wire-flaws', 'http', protocol, { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'pass', label: 'sse-streams-distinct', measurements: { defects: 0 } });
  });

  it('skips stdio, and an HTTP server that never streams', async () => {
    const stdio = await conformanceCase(sseStreams, 'wire-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'none' });
    expect(stdio).toMatchObject({ status: 'skip', label: 'not-applicable-stdio' });
    const json = await conformanceCase(sseStreams, 'sloppy-legacy', 'http', '2025-11-25');
    expect(json).toMatchObject({ status: 'skip', label: 'no-sse-observed' });
  });

  it.each([
    ['duplicate-event-id', '2025-11-25', 'event-id-duplicate'],
    ['two-streams', '2025-11-25', 'response-on-two-streams'],
    ['progress-unknown-token', '2026-07-28', 'unrelated-notification'],
    ['server-request', '2026-07-28', 'request-on-post-stream'],
  ] as const)('fails %s on %s with %s', async (flaw, protocol, label) => {
    const record = await conformanceCase(sseStreams, 'wire-flaws', 'http', protocol, { FIXTURE_FLAW: flaw });
    expect(record).toMatchObject({ status: 'fail', label });
  });
});
