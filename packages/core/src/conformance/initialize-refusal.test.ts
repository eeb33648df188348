import { describe, expect, it } from 'vitest';

import { initializeRefusal } from './initialize-refusal.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('initialize-refusal', () => {
  it('passes a 2026-07-28-only server over HTTP: -32022 with data.supported', async () => {
    const record = await conformanceCase(initializeRefusal, 'modern-only', 'http', '2026-07-28');
    expect(record).toMatchObject({
      status: 'pass',
      label: 'supported-versions-named',
      measurements: { jsonRpcCode: -32022, httpStatus: 400, supportedVersions: 1 },
    });
  });

  it.each(['stdio', 'http'] as const)('skips a server that also serves initialize (the reference over %s)', async (transport) => {
    const record = await conformanceCase(initializeRefusal, 'reference', transport, '2026-07-28');
    expect(record).toMatchObject({ status: 'skip', label: 'initialize-served' });
  });

  it('skips a legacy session', async () => {
    const record = await conformanceCase(initializeRefusal, 'reference', 'stdio', '2025-11-25');
    expect(record).toMatchObject({ status: 'skip', label: 'era-legacy' });
  });

  it.each(['stdio', 'http'] as const)(
    'fails a modern-only server refusing initialize without data.supported, over %s',
    async (transport) => {
      const record = await conformanceCase(initializeRefusal, 'should-flaws', transport, '2026-07-28', { FIXTURE_FLAW: 'initialize-bare' });
      expect(record).toMatchObject({ status: 'fail', label: 'supported-list-missing', measurements: { jsonRpcCode: -32022 } });
    },
  );

  it('skips the same server without the flaw, which serves initialize', async () => {
    const record = await conformanceCase(initializeRefusal, 'should-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'skip', label: 'initialize-served' });
  });
});
