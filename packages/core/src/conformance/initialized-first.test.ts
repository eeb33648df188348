import { describe, expect, it } from 'vitest';

import { initializedFirst } from './initialized-first.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('initialized-first', () => {
  it.each(['stdio', 'http'] as const)('passes the reference over %s: nothing before initialized', async (transport) => {
    const record = await conformanceCase(initializedFirst, 'reference', transport, '2025-11-25');
    expect(record).toMatchObject({ status: 'pass', label: 'nothing-before-initialized', measurements: { earlyRequests: 0 } });
  });

  it.each(['stdio', 'http'] as const)('fails a server that asks for sampling before initialized, over %s', async (transport) => {
    const record = await conformanceCase(initializedFirst, 'wire-flaws', transport, '2025-11-25', { FIXTURE_FLAW: 'early-request' });
    expect(record).toMatchObject({ status: 'fail', label: 'request-before-initialized', measurements: { earlyRequests: 1 } });
    const clean = await conformanceCase(initializedFirst, 'wire-flaws', transport, '2025-11-25', { FIXTURE_FLAW: 'none' });
    expect(clean).toMatchObject({ status: 'pass', label: 'nothing-before-initialized' });
  });

  it('skips the 2026-07-28 era, which has no initialization', async () => {
    const record = await conformanceCase(initializedFirst, 'reference', 'stdio', '2026-07-28');
    expect(record).toMatchObject({ status: 'skip', label: 'era-modern' });
  });
});
