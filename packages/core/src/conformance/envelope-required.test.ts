import { onePasswordStdio } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { evaluateTarget } from '../test-support/evaluate-check.js';
import { envelopeRequired } from './envelope-required.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('envelope-required', () => {
  it('passes the reference server over HTTP: -32602 under 400', async () => {
    const record = await conformanceCase(envelopeRequired, 'reference', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'envelope-enforced' });
    expect(record.findings).toEqual([{ label: 'capabilities-missing-rejected', measurements: { jsonRpcCode: -32602, httpStatus: 400 } }]);
  });

  it('passes the reference server over stdio and 1password-mcp: -32602', async () => {
    for (const record of [
      await conformanceCase(envelopeRequired, 'reference', 'stdio', '2026-07-28'),
      await evaluateTarget(envelopeRequired, {}, onePasswordStdio(), { protocol: '2026-07-28' }),
    ]) {
      expect(record).toMatchObject({ status: 'pass', label: 'envelope-enforced' });
      expect(record.findings).toEqual([{ label: 'capabilities-missing-rejected', measurements: { jsonRpcCode: -32602 } }]);
    }
  });

  it.each(['stdio', 'http'] as const)('fails a server that serves a request without client capabilities (%s)', async (transport) => {
    const record = await conformanceCase(envelopeRequired, 'sloppy-modern', transport);
    expect(record).toMatchObject({ status: 'fail', label: 'capabilities-missing-served' });
  });

  it('skips the legacy era', async () => {
    const record = await conformanceCase(envelopeRequired, 'reference', 'memory', '2025-11-25');
    expect(record).toMatchObject({ status: 'skip', label: 'era-legacy' });
  });
});
