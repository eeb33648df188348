import Type, { type Static, type TNumber, type TOptional } from 'typebox';

/**
 * The measurements a case may budget against a baseline run, as the manifest spells them
 * (snake_case) mapped to the record's measurement names. A closed set: a typo is a manifest error
 * instead of a budget that silently never applies.
 */
export const BUDGET_MEASUREMENTS = {
  tools: { measurement: 'tools', about: 'the number of tools (discovery-cost, token-cost, pagination)' },
  pages: { measurement: 'pages', about: 'the number of tools/list pages (discovery-cost, pagination)' },
  catalog_bytes: { measurement: 'catalogBytes', about: 'the encoded catalog bytes (discovery-cost)' },
  total_tokens: { measurement: 'totalTokens', about: 'the estimated catalog tokens (token-cost)' },
  largest_tool_tokens: { measurement: 'largestToolTokens', about: 'the tokens of the largest tool entry (token-cost)' },
  latency_ms: { measurement: 'latencyMs', about: 'the latency of the measured call or listing (most checks)' },
  p50_latency_ms: { measurement: 'p50LatencyMs', about: 'the median latency over the attempts (latency-budget, degradation-over-n)' },
  p95_latency_ms: {
    measurement: 'p95LatencyMs',
    about: 'the 95th percentile latency over the attempts (latency-budget, degradation-over-n)',
  },
  max_latency_ms: { measurement: 'maxLatencyMs', about: "the slowest attempt's latency (latency-budget, degradation-over-n)" },
} as const;

export type BudgetKey = keyof typeof BUDGET_MEASUREMENTS;

/** The `budget` key of a case: growth fractions over the baseline, per measurement. */
export const budgetSchema = Type.Object(
  Object.fromEntries(
    Object.entries(BUDGET_MEASUREMENTS).map(([key, { about }]) => [
      key,
      Type.Optional(Type.Number({ minimum: 0, description: `Allowed growth of ${about}, as a fraction of the baseline's value.` })),
    ]),
  ) as Record<BudgetKey, TOptional<TNumber>>, // fromEntries forgets the keys; BUDGET_MEASUREMENTS names them
  {
    description:
      'With `mcp-eval run --baseline`: how much each measurement may grow over the baseline run, as a fraction (0.1 = at most 10% more). Ignored without a baseline.',
    additionalProperties: false,
    minProperties: 1,
  },
);

/** A case's `budget` as written: growth fractions keyed by the manifest's names. */
export type Budget = Readonly<Static<typeof budgetSchema>>;
