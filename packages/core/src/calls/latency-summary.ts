/** Latency figures over a series of calls, in milliseconds, rounded to 0.01 ms. */
export interface LatencySummary {
  readonly p50LatencyMs: number;
  readonly p95LatencyMs: number;
  readonly maxLatencyMs: number;
}

/** Milliseconds rounded to 0.01 ms. */
export function roundMs(ms: number): number {
  return Math.round(ms * 100) / 100;
}

/** Nearest-rank percentile: the smallest observed value with at least `p`% of values at or below it. */
export function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? 0;
}

/** p50, p95 and max of the given latencies; all zero for an empty series. */
export function summarizeLatencies(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50LatencyMs: roundMs(percentile(sorted, 50)),
    p95LatencyMs: roundMs(percentile(sorted, 95)),
    maxLatencyMs: roundMs(sorted.at(-1) ?? 0),
  };
}
