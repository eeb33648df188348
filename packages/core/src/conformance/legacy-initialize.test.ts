import { describe, expect, it } from 'vitest';

import { legacyInitialize } from './legacy-initialize.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('legacy-initialize', () => {
  it.each(['stdio', 'http'] as const)('passes the reference server over %s: a counter-offer for 1999-01-01', async (transport) => {
    const record = await conformanceCase(legacyInitialize, 'reference', transport, '2025-11-25');
    expect(record).toMatchObject({ status: 'pass', label: 'version-negotiated' });
  });

  it.each(['stdio', 'http'] as const)('fails a server that agrees to any revision it is offered (%s)', async (transport) => {
    const record = await conformanceCase(legacyInitialize, 'sloppy-legacy', transport);
    expect(record).toMatchObject({ status: 'fail', label: 'unsupported-version-accepted' });
  });

  it('skips a 2026-07-28 connection', async () => {
    const record = await conformanceCase(legacyInitialize, 'reference', 'stdio', '2026-07-28');
    expect(record).toMatchObject({ status: 'skip', label: 'era-modern' });
  });
});
