import { everythingStdio, memoryStdio, startEverythingHttp } from '@mcp-eval/fixture-servers';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { evaluateTarget } from '../test-support/evaluate-check.js';
import { legacyUtilities } from './legacy-utilities.js';
import { conformanceCase } from './test-support/conformance-case.js';

const ALL_ANSWERED = ['ping-answered', 'set-level-answered', 'complete-answered', 'subscribe-answered', 'unsubscribe-answered'];

describe('legacy-utilities', () => {
  it.each(['memory', 'http'] as const)('passes the reference server over %s: ping only, the rest not declared', async (transport) => {
    const record = await conformanceCase(legacyUtilities, 'reference', transport, '2025-11-25');
    expect(record).toMatchObject({ status: 'pass', label: 'utilities-answered', measurements: { probes: 1 } });
    expect(record.findings?.map((f) => f.label)).toEqual([
      'ping-answered',
      'set-level-not-declared',
      'complete-not-declared',
      'subscribe-not-declared',
    ]);
  });

  it('passes server-everything, which declares every utility, over stdio and HTTP', async () => {
    const stdio = await evaluateTarget(legacyUtilities, {}, everythingStdio());
    expect(stdio).toMatchObject({ status: 'pass', label: 'utilities-answered', measurements: { probes: 5 } });
    expect(stdio.findings?.map((f) => f.label)).toEqual(ALL_ANSWERED);
    const server = await startEverythingHttp();
    try {
      const http = await evaluateTarget(legacyUtilities, {}, { transport: 'http', url: server.url });
      expect(http.findings?.map((f) => f.label)).toEqual(ALL_ANSWERED);
    } finally {
      await server.close();
    }
  });

  it('passes server-memory: ping and its declared subscription', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-eval-legacy-utilities-'));
    try {
      const record = await evaluateTarget(legacyUtilities, {}, memoryStdio(join(dir, 'memory.json')));
      expect(record).toMatchObject({ status: 'pass', label: 'utilities-answered' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each(['stdio', 'http'] as const)('fails a server that declares every utility and gets each wrong (%s)', async (transport) => {
    const record = await conformanceCase(legacyUtilities, 'utility-flaws', transport, '2025-11-25');
    expect(record).toMatchObject({ status: 'fail', label: 'ping-not-empty', measurements: { probes: 5 } });
    expect(record.findings?.map((f) => f.label)).toEqual([
      'ping-not-empty',
      'set-level-error',
      'complete-malformed',
      'subscribe-error',
      'unsubscribe-error',
    ]);
    expect(record.findings?.[1]?.measurements).toMatchObject({ jsonRpcCode: -32601 });
  });

  it('skips the 2026-07-28 era', async () => {
    const record = await conformanceCase(legacyUtilities, 'reference', 'memory', '2026-07-28');
    expect(record).toMatchObject({ status: 'skip', label: 'era-modern' });
  });
});
