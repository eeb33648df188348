import type { HttpFixture } from '@mcp-eval/fixture-servers';
import { CANARY, startHttpFixture } from '@mcp-eval/fixture-servers';
import { SCAN_DEFAULTS } from '@mcp-eval/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli } from '../test-support/run-cli.js';

interface SlowCase {
  readonly id: string;
  readonly status: string;
  readonly label?: string;
  readonly measurements: Readonly<Record<string, number>>;
}

// Every tools/list and tools/call answer comes this late: just past scan's cut-off, as firecrawl over HTTP is.
const DELAY_MS = SCAN_DEFAULTS.maxLatencyMs + 100;

describe('mcp-eval scan on a server slower than its latency budget', () => {
  let slow: HttpFixture;
  beforeAll(async () => {
    slow = await startHttpFixture('slow-catalog', { FIXTURE_DELAY_MS: String(DELAY_MS) });
  });
  afterAll(async () => {
    await slow.close();
  });

  it('reads the catalog with --timeout, and judges the timed calls by the budget: latency-exceeded, never unreadable or broken', async () => {
    const result = await runCli(['scan', '--url', slow.url, '--reporter', 'json', '--timeout', '15000']);
    expect(result.stdout + result.stderr).not.toContain(CANARY);
    const { cases } = JSON.parse(result.stdout) as { readonly cases: readonly SlowCase[] };
    const byId = new Map(cases.map((c) => [c.id, c]));
    expect(byId.get('pagination')).toMatchObject({ status: 'pass' });
    expect(byId.get('latency-budget/clock')).toMatchObject({ status: 'fail', label: 'latency-exceeded', measurements: { attempt: 1 } });
    expect(byId.get('degradation-over-n/clock')).toMatchObject({ status: 'fail', label: 'latency-exceeded', measurements: { attempt: 1 } });
    // Cut off at the budget: the attempt took at least the budget, and ended long before the server's answer plus --timeout.
    // (A timer may fire a few milliseconds before the clock that measures it reaches the budget.)
    expect(byId.get('latency-budget/clock')?.measurements.latencyMs).toBeGreaterThanOrEqual(SCAN_DEFAULTS.maxLatencyMs - 10);
  });
});
