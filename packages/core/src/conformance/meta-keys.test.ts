import { describe, expect, it } from 'vitest';

import { TRANSPORT_ERAS } from '../test-support/matrix.js';
import { metaKeys } from './meta-keys.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('meta-keys', () => {
  it.each(['stdio', 'http'] as const)('passes the reference server over %s on 2026-07-28 (serverInfo and the like)', async (transport) => {
    const record = await conformanceCase(metaKeys, 'reference', transport, '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'meta-keys-valid', measurements: { defects: 0 } });
  });

  it.each(['stdio', 'http'] as const)('skips the legacy reference server over %s, which writes no _meta key', async (transport) => {
    const record = await conformanceCase(metaKeys, 'reference', transport, '2025-11-25');
    expect(record).toMatchObject({ status: 'skip', label: 'no-meta-observed' });
  });

  it('skips a legacy server that writes no _meta key at all', async () => {
    const record = await conformanceCase(metaKeys, 'wire-flaws', 'stdio', '2025-11-25', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'skip', label: 'no-meta-observed' });
  });

  it.each([
    ['bad-meta-key', 'meta-key-invalid'],
    ['reserved-meta-key', 'meta-key-reserved'],
  ] as const)('fails %s with %s in both eras and over both transports', async (flaw, label) => {
    for (const { transport, protocol } of TRANSPORT_ERAS) {
      const record = await conformanceCase(metaKeys, 'wire-flaws', transport, protocol, { FIXTURE_FLAW: flaw });
      expect(record, `${transport} ${protocol}`).toMatchObject({ status: 'fail', label });
    }
  });
  // 200k keys in one _meta used to overflow the stack (keys.push(...Object.keys(meta))).
  it('reads a _meta of 200,000 keys', async () => {
    const record = await conformanceCase(metaKeys, 'wire-flaws', 'stdio', '2025-11-25', { FIXTURE_FLAW: 'many-meta-keys' });
    expect(record).toMatchObject({ status: 'pass', label: 'meta-keys-valid' });
    expect(record.measurements.keys).toBeGreaterThanOrEqual(200_000);
  });
});
