import { onePasswordStdio } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { evaluateTarget } from '../test-support/evaluate-check.js';
import { removedMethods } from './removed-methods.js';
import { conformanceCase } from './test-support/conformance-case.js';

const PROBES = ['ping', 'logging-set-level', 'resources-subscribe', 'resources-unsubscribe'];

describe('removed-methods', () => {
  it('passes the reference server over HTTP: each removed method is -32601 under HTTP 404', async () => {
    const record = await conformanceCase(removedMethods, 'reference', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'removed-methods-not-found', measurements: { probes: 4 } });
    expect(record.findings).toEqual(
      PROBES.map((p) => ({ label: `${p}-rejected`, measurements: { jsonRpcCode: -32601, httpStatus: 404 } })),
    );
  });

  it('passes the reference server over stdio, and 1password-mcp: -32601', async () => {
    for (const record of [
      await conformanceCase(removedMethods, 'reference', 'memory', '2026-07-28'),
      await evaluateTarget(removedMethods, {}, onePasswordStdio(), { protocol: '2026-07-28' }),
    ]) {
      expect(record).toMatchObject({ status: 'pass', label: 'removed-methods-not-found' });
      expect(record.findings).toEqual(PROBES.map((p) => ({ label: `${p}-rejected`, measurements: { jsonRpcCode: -32601 } })));
    }
  });

  it.each(['stdio', 'http'] as const)('fails a server that still serves them on 2026-07-28 (%s)', async (transport) => {
    const record = await conformanceCase(removedMethods, 'utility-flaws', transport, '2026-07-28');
    expect(record).toMatchObject({ status: 'fail', label: 'ping-served' });
    expect(record.findings?.map((f) => f.label)).toEqual(PROBES.map((p) => `${p}-served`));
  });

  it('fails -32601 under HTTP 200', async () => {
    const record = await conformanceCase(removedMethods, 'sloppy-modern', 'http');
    expect(record).toMatchObject({ status: 'fail', label: 'ping-wrong-status' });
  });

  it('skips the legacy era', async () => {
    const record = await conformanceCase(removedMethods, 'reference', 'memory', '2025-11-25');
    expect(record).toMatchObject({ status: 'skip', label: 'era-legacy' });
  });
});
