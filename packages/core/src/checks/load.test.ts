import { orphanedChildren, runningChildren } from '@mcp-eval/test-support';
import { afterAll, describe, expect, it } from 'vitest';

import { evaluateCheck } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS, TRANSPORT_ERAS } from '../test-support/matrix.js';
import { parseCase } from '../test-support/parse-case.js';
import { tempFiles } from '../test-support/temp-files.js';
import { load, MAX_LOAD_CLIENTS } from './load.js';

const files = tempFiles();
afterAll(() => files.remove());

const echo = { tool: 'echo', arguments: { message: 'hi' } };
// Budgets generous enough for a busy 2-core machine: the pass tests behaviour, not speed.
const generous = { max_p95_ms: 5_000, max_p99_ms: 5_000, min_throughput: 1, max_error_rate: 0 };

describe.each(TRANSPORT_ERAS)('load ($transport, $protocol)', ({ transport, protocol }) => {
  it('passes the reference echo under four clients with generous budgets, every error kind counted at 0', async () => {
    const record = await evaluateCheck(load, { ...echo, clients: 4, requests: 40, ...generous }, 'reference', transport, { protocol });
    expect(record).toMatchObject({ status: 'pass', label: 'within-budget', tool: 'echo' });
    expect(record.measurements).toMatchObject({
      clients: 4,
      requests: 40,
      succeeded: 40,
      errors: 0,
      errorRate: 0,
      errorsTimeout: 0,
      errorsToolError: 0,
      errorsCrashed: 0,
    });
    const m = record.measurements;
    expect(m.throughput).toBeGreaterThan(1);
    expect(m.p50LatencyMs).toBeGreaterThan(0);
    expect(m.p50LatencyMs).toBeLessThanOrEqual(m.p95LatencyMs ?? 0);
    expect(m.p95LatencyMs).toBeLessThanOrEqual(m.p99LatencyMs ?? 0);
    expect(m.p99LatencyMs).toBeLessThanOrEqual(m.maxLatencyMs ?? 0);
    expect(m.evaluatorCpuMsPerRequest).toBeGreaterThan(0);
    expectNoCanary(record);
  });

  it('fails max_p95_ms on the sluggish echo (400 ms a call)', async () => {
    const record = await evaluateCheck(load, { ...echo, clients: 2, requests: 4, max_p95_ms: 100 }, 'sluggish', transport, { protocol });
    expect(record).toMatchObject({ status: 'fail', label: 'p95-exceeded', findings: [{ label: 'p95-exceeded', tool: 'echo' }] });
    expect(record.measurements.p95LatencyMs).toBeGreaterThan(100);
    expect(record.measurements).toMatchObject({ requests: 4, succeeded: 4, maxP95BudgetMs: 100 });
    expectNoCanary(record);
  });
});

describe('load budgets and failures', () => {
  it('counts tool errors by kind on a server that wears out, and fails max_error_rate', async () => {
    // degrading's echo works for the first 3 calls per process, then answers isError.
    const record = await evaluateCheck(load, { ...echo, clients: 2, requests: 20, max_error_rate: 0.5 }, 'degrading', 'stdio');
    expect(record).toMatchObject({ status: 'fail', label: 'error-rate-exceeded' });
    // Each process answers 3 calls before it wears out, but which client takes how many of the 20
    // requests is the scheduler's: a client slow to start may make fewer than 3 (a loaded CI machine).
    const { succeeded = -1, errors = -1 } = record.measurements;
    expect(succeeded).toBeGreaterThanOrEqual(3);
    expect(succeeded).toBeLessThanOrEqual(6);
    expect(record.measurements).toMatchObject({ requests: 20, errors: 20 - succeeded, errorsToolError: errors, errorsTimeout: 0 });
    expect(record.measurements.errorRate).toBeCloseTo(errors / 20);
    expectNoCanary(record);
  });

  it('reports every budget exceeded as a finding, in a fixed order (error rate, p99, p95, throughput)', async () => {
    const params = { ...echo, clients: 1, requests: 5, max_p95_ms: 100, max_p99_ms: 100, min_throughput: 1_000, max_error_rate: 0 };
    const record = await evaluateCheck(load, params, 'sluggish', 'memory', { env: { FIXTURE_DELAY_MS: '150' } });
    expect(record).toMatchObject({ status: 'fail', label: 'p99-exceeded' });
    expect(record.findings?.map((f) => f.label)).toEqual(['p99-exceeded', 'p95-exceeded', 'throughput-below-minimum']);
    const failing = await evaluateCheck(load, { ...params, tool: 'explode', arguments: {}, read_only: true }, 'reference', 'memory');
    expect(failing).toMatchObject({ status: 'fail', label: 'error-rate-exceeded', measurements: { errors: 5, errorsToolError: 5 } });
  });

  it("keeps in_flight requests pending on each client's one connection (one process over stdio)", async () => {
    // sluggish answers after 400 ms, so all four slots are issued before the first answer returns.
    const pending = await evaluateCheck(load, { ...echo, clients: 1, in_flight: 4, requests: 8 }, 'sluggish', 'stdio');
    expect(pending).toMatchObject({ status: 'pass', measurements: { clients: 1, inFlight: 4, maxInFlight: 4, requests: 8, succeeded: 8 } });
    // degrading wears out after 3 calls per process: exactly 3 successes means one process took them all.
    const worn = await evaluateCheck(load, { ...echo, clients: 1, in_flight: 4, requests: 12, max_error_rate: 1 }, 'degrading', 'stdio');
    expect(worn.measurements).toMatchObject({ clients: 1, requests: 12, succeeded: 3, errorsToolError: 9 });
    const closedLoop = await evaluateCheck(load, { ...echo, clients: 2, requests: 6 }, 'reference', 'memory');
    expect(closedLoop.measurements).toMatchObject({ inFlight: 1, requests: 6 });
    expect(closedLoop.measurements.maxInFlight).toBeLessThanOrEqual(2);
  });

  it('counts timeouts as their own kind, as latency and not as errors: latency-exceeded, never error-rate-exceeded', async () => {
    const params = { tool: 'slow_read', arguments: { ms: 60_000 }, clients: 2, requests: 2 };
    const record = await evaluateCheck(load, params, 'reference', 'memory', { timeoutMs: 500 });
    expect(record).toMatchObject({
      status: 'fail',
      label: 'latency-exceeded',
      findings: [{ label: 'latency-exceeded', tool: 'slow_read' }],
      measurements: { errors: 0, errorsTimeout: 2, succeeded: 0, errorRate: 0 },
    });
  });

  // 400 ms per tools/list and tools/call answer against a 200 ms call cut-off: the walk waits, the calls do not.
  it('behind a slow catalog, the cut-off applies to the calls only', async () => {
    const params = { tool: 'clock', arguments: {}, clients: 1, requests: 2 };
    const options = { timeoutMs: 5_000, callTimeoutMs: 200, env: { FIXTURE_DELAY_MS: '400' } };
    const record = await evaluateCheck(load, params, 'slow-catalog', 'stdio', options);
    expect(record).toMatchObject({ status: 'fail', label: 'latency-exceeded', measurements: { errors: 0, errorsTimeout: 2 } });
  });

  it('paces requests to rate and stops at duration_ms', async () => {
    // 10 requests/s for 600 ms: request n starts at n × 100 ms, so 6 start (0 … 500 ms).
    const record = await evaluateCheck(load, { ...echo, clients: 3, rate: 10, duration_ms: 600 }, 'reference', 'memory');
    expect(record).toMatchObject({ status: 'pass', measurements: { requests: 6, succeeded: 6 } });
    expect(record.measurements.durationMs).toBeGreaterThanOrEqual(500);
  });

  it('with requests and duration_ms both, stops at whichever comes first', async () => {
    const record = await evaluateCheck(load, { ...echo, clients: 2, requests: 5, duration_ms: 60_000 }, 'reference', 'memory');
    expect(record).toMatchObject({ status: 'pass', measurements: { requests: 5, succeeded: 5 } });
    expect(record.measurements.durationMs).toBeLessThan(60_000);
  });

  it('fails client-connect-failed when a client cannot start', async () => {
    const env = { FIXTURE_SINGLE_INSTANCE: files.path('single') };
    const record = await evaluateCheck(load, { tool: 'get_item', arguments: { id: 'a' }, clients: 2 }, 'flawed-dimensions', 'stdio', {
      env,
    });
    expect(record).toMatchObject({ status: 'fail', label: 'client-connect-failed', measurements: { clients: 2, connected: 0 } });
  });

  it.each(ERAS)('sends nothing to a tool neither annotated nor declared read-only (%s)', async (protocol) => {
    const log = `not-read-only-${protocol}.jsonl`;
    const record = await evaluateCheck(load, { tool: 'create_item', arguments: { id: 'x' }, clients: 2 }, 'reference', 'memory', {
      protocol,
      env: { FIXTURE_CALL_LOG: files.path(log) },
    });
    expect(record).toMatchObject({ status: 'skip', label: 'mutation-not-allowed', tool: 'create_item' });
    expect(files.calls(log)).toEqual([]);
  });

  it(`${MAX_LOAD_CLIENTS} clients over stdio, each its own process, leave no process behind`, async () => {
    const before = runningChildren();
    const params = { ...echo, clients: MAX_LOAD_CLIENTS, requests: MAX_LOAD_CLIENTS * 2 };
    // 64 node processes starting at once on a small machine: a generous handshake limit.
    const record = await evaluateCheck(load, params, 'reference', 'stdio', { timeoutMs: 30_000, caseTimeoutMs: 120_000 });
    expect(record).toMatchObject({ status: 'pass', measurements: { clients: MAX_LOAD_CLIENTS, requests: 128, succeeded: 128 } });
    expect(await orphanedChildren(before)).toEqual([]);
  }, 180_000);
});

describe('load in a manifest', () => {
  it('defaults clients, in_flight and the error budget, and bounds clients, in_flight, requests and duration_ms', () => {
    expect(parseCase(load, 'probe: load\ntool: echo\narguments: { message: hi }')).toEqual({
      ok: true,
      params: {
        tool: 'echo',
        arguments: { message: 'hi' },
        clients: 4,
        in_flight: 1,
        response_budget_bytes: 64 * 1024 * 1024,
        max_error_rate: 0,
      },
    });
    for (const bad of [
      'clients: 0',
      'clients: 65',
      'in_flight: 0',
      'in_flight: 65',
      'requests: 100001',
      'duration_ms: 60001',
      'rate: 0',
      'rate: 10001',
      'max_error_rate: 1.5',
      'response_budget_bytes: 1023',
      'response_budget_bytes: 1073741825',
    ]) {
      expect(parseCase(load, `probe: load\ntool: echo\narguments: {}\n${bad}`).ok, bad).toBe(false);
    }
  });
});

// 8 clients × 32 in flight on a 15 MB answer used to buffer every answer whole (gigabytes): now
// each request may hold its share of the byte budget, and the first answer over it ends the case.
describe('load response byte budget', () => {
  // HTTP: where answers in flight are read side by side (stdio reads one line at a time).
  it('ends with response-budget-exceeded over HTTP, holding at most its share per answer', async () => {
    const params = { tool: 'huge', arguments: { bytes: 15_000_000 }, clients: 8, in_flight: 32, requests: 512, read_only: true };
    const record = await evaluateCheck(load, params, 'huge', 'http', { protocol: '2025-11-25' });
    expect(record).toMatchObject({ status: 'error', label: 'response-budget-exceeded', tool: 'huge' });
    expect(record.measurements.responseCapBytes).toBe(Math.floor((64 * 1024 * 1024) / (8 * 32)));
    expect(record.measurements.requests).toBeLessThan(512);
    expectNoCanary(record);
  });
});
