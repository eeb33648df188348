import { describe, expect, it } from 'vitest';

import { evaluateCheck } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS, TRANSPORT_ERAS } from '../test-support/matrix.js';
import { degradationOverN } from './degradation-over-n.js';

const echoTen = { tool: 'echo', arguments: { message: 'hello' }, max_attempts: 10 };

describe.each(ERAS)('degradation-over-n (%s)', (protocol) => {
  it('passes a tool that keeps working, with p50 and p95 latency as numbers', async () => {
    const record = await evaluateCheck(degradationOverN, echoTen, 'reference', 'memory', { protocol });
    expect(record).toMatchObject({ status: 'pass', label: 'stable', tool: 'echo', measurements: { attempts: 10 } });
    const { p50LatencyMs, p95LatencyMs, maxLatencyMs } = record.measurements;
    expect(p50LatencyMs).toBeGreaterThan(0);
    expect(p95LatencyMs).toBeGreaterThanOrEqual(p50LatencyMs ?? 0);
    expect(maxLatencyMs).toBeGreaterThanOrEqual(p95LatencyMs ?? 0);
    expectNoCanary(record);
  });

  it('fails a tool that starts erroring after three calls, recording attempt 4', async () => {
    const record = await evaluateCheck(degradationOverN, echoTen, 'degrading', 'memory', { protocol, env: { FIXTURE_DEGRADE_AFTER: '3' } });
    expect(record).toMatchObject({ status: 'fail', label: 'degraded', measurements: { attempt: 4, attempts: 4 } });
    expect(record.measurements.p95LatencyMs).toBeGreaterThan(0);
    expectNoCanary(record);
  });

  it('fails a server that dies after three calls as unanswered', async () => {
    const env = { FIXTURE_DEGRADE_AFTER: '3', FIXTURE_DEGRADE_MODE: 'exit' };
    const record = await evaluateCheck(degradationOverN, echoTen, 'degrading', 'stdio', { protocol, env });
    expect(record).toMatchObject({ status: 'fail', label: 'degraded-unanswered', measurements: { attempt: 4 } });
  });

  it('tells a tool that never worked from one that degraded', async () => {
    const record = await evaluateCheck(
      degradationOverN,
      { tool: 'explode', read_only: true, arguments: {}, max_attempts: 5 },
      'reference',
      'memory',
      { protocol },
    );
    expect(record).toMatchObject({ status: 'fail', label: 'failed-from-start', measurements: { attempt: 1 } });
  });
});

describe('degradation-over-n on a slow tool: slow is a latency verdict, never broken', () => {
  it('a first call that outlives timeoutMs is latency-exceeded, not failed-from-start', async () => {
    const params = { tool: 'slow_read', arguments: { ms: 60_000 }, max_attempts: 3 };
    const record = await evaluateCheck(degradationOverN, params, 'reference', 'memory', { timeoutMs: 1_000 });
    expect(record).toMatchObject({ status: 'fail', label: 'latency-exceeded', measurements: { attempt: 1, attempts: 1 } });
  });

  // 400 ms per tools/list and tools/call answer against a 200 ms cut-off: the walk that finds the tool waits, the call does not.
  it.each(TRANSPORT_ERAS)('the cut-off applies to the call only ($transport, $protocol)', async ({ transport, protocol }) => {
    const params = { tool: 'clock', arguments: {}, max_attempts: 3 };
    const options = { protocol, timeoutMs: 5_000, callTimeoutMs: 200, env: { FIXTURE_DELAY_MS: '400' } };
    const record = await evaluateCheck(degradationOverN, params, 'slow-catalog', transport, options);
    expect(record).toMatchObject({ status: 'fail', label: 'latency-exceeded', tool: 'clock', measurements: { attempt: 1 } });
    // Waited out the cut-off (a timer may fire a millisecond before the clock that measures it says 200).
    expect(record.measurements.latencyMs).toBeGreaterThanOrEqual(190);
    expectNoCanary(record);
  });

  it('without a cut-off the slow call is waited for, and the tool is stable', async () => {
    const params = { tool: 'clock', arguments: {}, max_attempts: 2 };
    const options = { timeoutMs: 5_000, env: { FIXTURE_DELAY_MS: '400' } };
    const record = await evaluateCheck(degradationOverN, params, 'slow-catalog', 'stdio', options);
    expect(record).toMatchObject({ status: 'pass', label: 'stable', measurements: { attempts: 2 } });
  });
});
