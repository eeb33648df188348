// The public surface of @mcp-eval/models. Named exports only: adding a symbol here makes it public API.
// Its declarations never import the AI SDK's types (those need the DOM lib): model-instance
// adapters are in the `@mcp-eval/models/ai-sdk` entry (src/ai-sdk.ts).
export type { ConcurrencyLimiter } from './concurrency-limiter.js';
export { createConcurrencyLimiter } from './concurrency-limiter.js';
export type { ColumnPortOptions } from './create-column-port.js';
export { createColumnPort, DEFAULT_CONCURRENCY } from './create-column-port.js';
export type { ColumnAvailability, ProviderModelProblem } from './column-availability.js';
export { columnAvailability } from './column-availability.js';
export { RETRY_BACKOFF_MS, retryAfterMs } from './retry-after.js';
export type { RunBudget, RunBudgetLimits } from './run-budget.js';
export { createRunBudget, DEFAULT_RUN_BUDGET } from './run-budget.js';
export type { ToolAliases } from './tool-aliases.js';
export { aliasToolNames, PROVIDER_TOOL_NAME } from './tool-aliases.js';
export { looksLikeToolCallText, TOOL_CALL_TEXT_SCAN_CHARS } from './tool-call-text.js';
export type { ToolScore } from './lexical/bm25.js';
export { BM25_B, BM25_K1, LEXICAL_FIELD_WEIGHTS, rankTools, toolTerms } from './lexical/bm25.js';
export type { LexicalChoice } from './lexical/lexical-port.js';
export { chooseTool, createLexicalPort, LEXICAL_MIN_MARGIN } from './lexical/lexical-port.js';
export { STOPWORDS, tokenize } from './lexical/tokenize.js';
export type { OutcomeCache } from './cache/outcome-cache.js';
export { createOutcomeCache, OUTCOME_CACHE_MAX_ENTRY_BYTES, OUTCOME_CACHE_SUBDIR } from './cache/outcome-cache.js';
