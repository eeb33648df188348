/**
 * The budgets `mcp-eval scan` judges a server by when there is no manifest to say otherwise. They
 * are published (docs/cli.md, "mcp-eval scan") so a verdict can be read without the source; a
 * manifest written by `mcp-eval init` replaces every one of them with the server's own numbers.
 */
export const SCAN_DEFAULTS = {
  /** discovery-cost `max_tools`: Cursor stops offering tools past 40, so more is already lost. */
  maxTools: 40,
  /** discovery-cost `max_schema_bytes`: 64 KiB of encoded catalog. */
  maxSchemaBytes: 65_536,
  /** token-cost `max_total_tokens`: the same 64 KiB at token-cost's 4 bytes per token. */
  maxTotalTokens: 16_384,
  /** token-cost `max_tool_tokens`: one entry over 4 KiB is a page of text a model reads every turn. */
  maxToolTokens: 1_024,
  /** pagination and surface-listing `max_pages`: the checks' own default. */
  maxPages: 100,
  /** latency-budget `max_latency_ms`, and the cut-off of every timed call (latency and degradation). */
  maxLatencyMs: 1_000,
  /** latency-budget `max_attempts`: the check's own default. */
  latencyAttempts: 5,
  /** degradation-over-n `max_attempts`. */
  degradationAttempts: 20,
  /** The most tools timed, in catalog order, so a large read-only catalog cannot make a scan slow. */
  maxTimedTools: 5,
} as const;
