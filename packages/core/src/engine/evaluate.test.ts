import { startHttpFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import type { Target } from '@mcp-eval/transports';
import { createConnector } from '@mcp-eval/transports';
import { describe, expect, it } from 'vitest';
import type { Connector } from '@mcp-eval/protocol';

import { defineCheck } from '../check.js';
import { instructionFidelity } from '../checks/instruction-fidelity.js';
import type { EngineCase } from './evaluate.js';
import { evaluate } from './evaluate.js';

/** A real connector that counts the connections (on stdio: server processes) it opens. */
function countingConnector(target: Target): { connector: Connector; opened: () => number } {
  const inner = createConnector(target, { timeoutMs: 20_000 });
  let opened = 0;
  return {
    connector: { transport: inner.transport, connect: async (options) => ((opened += 1), inner.connect(options)) },
    opened: () => opened,
  };
}

const add = (i: number): EngineCase => ({
  id: `add-${i}`,
  check: instructionFidelity,
  params: { tool: 'add', arguments: { a: i, b: 1 }, expect: { values: { sum: i + 1 } } },
});
const slow = (i: number, ms: number): EngineCase => ({
  id: `slow-${i}`,
  check: instructionFidelity,
  params: { tool: 'slow_read', arguments: { ms }, expect: { fields: ['waitedMs'] } },
});

describe('evaluate', () => {
  it('runs a manifest of quick cases on one connection, in manifest order', async () => {
    const { connector, opened } = countingConnector(stdioFixture('reference'));
    const cases = Array.from({ length: 30 }, (_, i) => add(i));
    const { records } = await evaluate({ connector, cases });
    expect(records.map((r) => r.id)).toEqual(cases.map((c) => c.id));
    expect(records.every((r) => r.status === 'pass')).toBe(true);
    expect(opened()).toBe(1);
  });

  it('opens more connections, up to the bound, when slow cases queue up', async () => {
    // Over HTTP a connection costs one request, so a queue of 1-second cases clearly outweighs it
    // however busy the machine is.
    const http = await startHttpFixture('reference');
    try {
      const { connector, opened } = countingConnector({ transport: 'http', url: http.url });
      const { records } = await evaluate({
        connector,
        cases: Array.from({ length: 6 }, (_, i) => slow(i, 1_000)),
        concurrency: 3,
        timeoutMs: 20_000,
      });
      expect(records.every((r) => r.status === 'pass')).toBe(true);
      expect(opened()).toBeGreaterThan(1);
      expect(opened()).toBeLessThanOrEqual(3);
    } finally {
      await http.close();
    }
  });

  it('ends a case that outlives its time limit with case-timeout, and the next case runs on a fresh connection', async () => {
    const { connector, opened } = countingConnector(stdioFixture('reference'));
    const { records } = await evaluate({
      connector,
      cases: [slow(0, 30_000), add(1)],
      concurrency: 1,
      timeoutMs: 20_000,
      caseTimeoutMs: 500,
    });
    expect(records.map((r) => [r.id, r.status, r.label])).toEqual([
      ['slow-0', 'error', 'case-timeout'],
      ['add-1', 'pass', 'expectation-met'],
    ]);
    expect(opened()).toBe(2);
  });

  it('says once, quickly, that the server cannot be reached: every case errors with connect-failed', async () => {
    const { connector } = countingConnector({ transport: 'stdio', command: '/nonexistent/mcp-server' });
    const evaluation = await evaluate({ connector, cases: [add(0), add(1)] });
    expect(evaluation.records.map((r) => [r.status, r.label])).toEqual([
      ['error', 'connect-failed'],
      ['error', 'connect-failed'],
    ]);
    expect(evaluation.invocationErrors).toEqual([{ label: 'connect-spawn-failed' }]);
  });

  it('turns a check that throws, or answers outside its label set, into evaluator-error without stopping the run', async () => {
    const throws = defineCheck<unknown, 'x'>({
      id: 'throws',
      kind: 'probe',
      title: 'Throws',
      summary: 'A broken check.',
      params: {},
      labels: { x: 'never' },
      run: () => Promise.reject(new Error('boom')),
    });
    const strayLabel = defineCheck<unknown, 'x'>({
      ...throws,
      id: 'stray-label',
      run: async () => ({ status: 'fail', label: 'not-in-the-set' as 'x' }),
    });
    const { connector } = countingConnector(stdioFixture('reference'));
    const { records } = await evaluate({
      connector,
      cases: [{ id: 'a', check: throws, params: {} }, { id: 'b', check: strayLabel, params: {} }, add(2)],
    });
    expect(records.map((r) => [r.id, r.status, r.label])).toEqual([
      ['a', 'error', 'evaluator-error'],
      ['b', 'error', 'evaluator-error'],
      ['add-2', 'pass', 'expectation-met'],
    ]);
  });

  it('folds repeated runs into one record with runs, passes and pass rate', async () => {
    const { connector } = countingConnector(stdioFixture('reference'));
    const { records } = await evaluate({ connector, cases: [add(0)], repeat: 3 });
    expect(records).toMatchObject([{ id: 'add-0', status: 'pass', runs: 3, passes: 3, passRate: 1 }]);
  });
});
