import { describe, expect, it } from 'vitest';

import { structuredText } from './structured-text.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('structured-text', () => {
  it('is a SHOULD', () => {
    expect(structuredText.level).toBe('should');
  });

  it.each([
    ['stdio', '2026-07-28'],
    ['http', '2026-07-28'],
    ['stdio', '2025-11-25'],
    ['http', '2025-11-25'],
  ] as const)('passes the reference server over %s (%s): add repeats its sum as JSON text', async (transport, era) => {
    const record = await conformanceCase(structuredText, 'reference', transport, era);
    expect(record).toMatchObject({ status: 'pass', label: 'structured-text-present', measurements: { structured: 1 } });
  });

  it('passes content-flaws without a flaw (indented JSON still counts)', async () => {
    const record = await conformanceCase(structuredText, 'content-flaws', 'http', '2025-11-25', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'pass', label: 'structured-text-present' });
  });

  it.each(['stdio', 'http'] as const)('fails content-flaws text-missing over %s', async (transport) => {
    const record = await conformanceCase(structuredText, 'content-flaws', transport, '2026-07-28', { FIXTURE_FLAW: 'text-missing' });
    expect(record).toMatchObject({
      status: 'fail',
      label: 'text-serialization-missing',
      findings: [{ label: 'text-serialization-missing', measurements: { index: 0 } }],
    });
  });

  it('skips when no call returned structured content', async () => {
    const missing = await conformanceCase(structuredText, 'content-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'structured-missing' });
    expect(missing).toMatchObject({ status: 'skip', label: 'no-structured-results', measurements: { judged: 1, structured: 0 } });
    const errored = await conformanceCase(structuredText, 'content-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'tool-error' });
    expect(errored).toMatchObject({ status: 'skip', label: 'no-structured-results', measurements: { toolErrors: 1 } });
  });
});
