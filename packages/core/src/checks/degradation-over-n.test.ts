import { describe, expect, it } from 'vitest';

import { evaluateCheck } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS } from '../test-support/matrix.js';
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
