import { afterAll, describe, expect, it } from 'vitest';

import { evaluateCheck } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS, CHANNEL_ERAS, TRANSPORT_ERAS } from '../test-support/matrix.js';
import { tempFiles } from '../test-support/temp-files.js';
import { latencyBudget } from './latency-budget.js';

const files = tempFiles();
afterAll(() => files.remove());

// Generous budget for the pass (behaviour, not timing); the failing fixture takes 400 ms per call.
const echo = { tool: 'echo', arguments: { message: 'hi' }, max_latency_ms: 5_000, max_attempts: 3 };

describe.each(CHANNEL_ERAS)('latency-budget ($transport, $protocol)', ({ transport, protocol }) => {
  it('passes a read-only tool within budget and reports latencies as numbers', async () => {
    const record = await evaluateCheck(latencyBudget, echo, 'reference', transport, { protocol });
    expect(record).toMatchObject({
      status: 'pass',
      label: 'within-budget',
      tool: 'echo',
      measurements: { attempts: 3, maxLatencyBudgetMs: 5_000 },
    });
    expect(record.measurements.latencyMs).toBeGreaterThan(0);
    expect(record.measurements.p95LatencyMs).toBeGreaterThan(0);
    expectNoCanary(record);
  });

  it('fails a slow read-only tool at its first attempt over budget', async () => {
    const record = await evaluateCheck(latencyBudget, { ...echo, max_latency_ms: 100 }, 'sluggish', transport, { protocol });
    expect(record).toMatchObject({ status: 'fail', label: 'latency-exceeded', measurements: { attempt: 1, attempts: 1 } });
    expect(record.measurements.latencyMs).toBeGreaterThan(100);
    expectNoCanary(record);
  });
});

describe.each(ERAS)('latency-budget safety (%s)', (protocol) => {
  it('sends nothing to a tool neither annotated nor declared read-only', async () => {
    const log = `not-read-only-${protocol}.jsonl`;
    const params = { tool: 'create_item', arguments: { id: 'x' }, max_latency_ms: 5_000 };
    const record = await evaluateCheck(latencyBudget, params, 'reference', 'memory', {
      protocol,
      env: { FIXTURE_CALL_LOG: files.path(log) },
    });
    expect(record).toMatchObject({ status: 'skip', label: 'mutation-not-allowed', tool: 'create_item', measurements: { listed: 1 } });
    expect(files.calls(log)).toEqual([]);
  });

  it('calls an unannotated tool the case declares read_only, and fails its error', async () => {
    const log = `declared-${protocol}.jsonl`;
    const params = { tool: 'explode', arguments: {}, max_latency_ms: 5_000, read_only: true };
    const record = await evaluateCheck(latencyBudget, params, 'reference', 'memory', {
      protocol,
      env: { FIXTURE_CALL_LOG: files.path(log) },
    });
    expect(record).toMatchObject({ status: 'fail', label: 'call-failed', measurements: { attempt: 1 } });
    expect(files.calls(log)).toEqual(['explode']);
  });

  it('stops at a timeout as over budget', async () => {
    const params = { tool: 'slow_read', arguments: { ms: 60_000 }, max_latency_ms: 2_000 };
    const record = await evaluateCheck(latencyBudget, params, 'reference', 'memory', { protocol, timeoutMs: 3_000 });
    // Cut off unanswered: the record names the limit it waited, so no report reads 3000 as a latency.
    expect(record).toMatchObject({ status: 'fail', label: 'latency-exceeded', measurements: { attempt: 1, cutoffMs: 3_000 } });
  });
});

// 400 ms per tools/list and tools/call answer against a 200 ms cut-off: the walk that finds the tool waits, the call does not.
describe.each(TRANSPORT_ERAS)('latency-budget behind a slow catalog ($transport, $protocol)', ({ transport, protocol }) => {
  it('reads the catalog within timeoutMs and cuts the timed call at callTimeoutMs: latency-exceeded, not catalog-unreadable', async () => {
    const params = { tool: 'clock', arguments: {}, max_latency_ms: 200, max_attempts: 3 };
    const options = { protocol, timeoutMs: 5_000, callTimeoutMs: 200, env: { FIXTURE_DELAY_MS: '400' } };
    const record = await evaluateCheck(latencyBudget, params, 'slow-catalog', transport, options);
    expect(record).toMatchObject({ status: 'fail', label: 'latency-exceeded', tool: 'clock', measurements: { attempt: 1, cutoffMs: 200 } });
    // Cut off, not waited for: generous, the machine is loaded.
    expect(record.measurements.latencyMs).toBeLessThan(400 + 2_000);
    expectNoCanary(record);
  });
});
