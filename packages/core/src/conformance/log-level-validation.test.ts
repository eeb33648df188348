import { describe, expect, it } from 'vitest';

import { logLevelValidation } from './log-level-validation.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('log-level-validation', () => {
  it.each(['stdio', 'http'] as const)('passes the reference server over %s', async (transport) => {
    const record = await conformanceCase(logLevelValidation, 'reference', transport, '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'invalid-level-rejected', measurements: { jsonRpcCode: -32602 } });
  });

  it('skips a legacy server, where the level is set by logging/setLevel', async () => {
    const record = await conformanceCase(logLevelValidation, 'reference', 'http', '2025-11-25');
    expect(record).toMatchObject({ status: 'skip', label: 'era-legacy' });
  });

  it.each(['stdio', 'http'] as const)('fails a server that serves a level RFC 5424 does not name, over %s', async (transport) => {
    const record = await conformanceCase(logLevelValidation, 'should-flaws', transport, '2026-07-28', {
      FIXTURE_FLAW: 'log-level-accepted',
    });
    expect(record).toMatchObject({ status: 'fail', label: 'invalid-level-served' });
  });

  it('passes the same server without the flaw', async () => {
    const record = await conformanceCase(logLevelValidation, 'should-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'pass', label: 'invalid-level-rejected', measurements: { jsonRpcCode: -32602 } });
  });
});
