/**
 * The port core needs from a model (like `Connection` for a server). `@mcp-eval/models`
 * implements it over the AI SDK providers and as the built-in `lexical` selector; core never
 * imports `ai`. A decision is selection only: nothing here executes a tool.
 *
 * Record boundary: a `ModelDecision` holds what the model generated (tool arguments) in memory
 * only, for matching. Model text is never returned — only its length and whether it looked like
 * a tool call written as text.
 */
import type { JsonObject, JsonValue } from '@mcp-eval/protocol';

/** A tool as handed to the model: the catalog's name, description and input schema. */
export interface ModelTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: JsonObject;
}

/** A tool call the model made, mapped back to the catalog's name. */
export type ModelToolCall =
  | { readonly kind: 'call'; readonly id: string; readonly name: string; readonly input: JsonValue }
  /** A name outside the catalog: the name itself is never kept. */
  | { readonly kind: 'unknown-tool'; readonly id: string }
  /** A catalog tool whose arguments were not a JSON object. */
  | { readonly kind: 'unparseable-input'; readonly id: string; readonly name: string };

/** A conversation turn. Assistant turns replay earlier calls; tool turns feed results back. */
export type ModelMessage =
  | { readonly role: 'system'; readonly content: string }
  | { readonly role: 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly calls: readonly { readonly id: string; readonly name: string; readonly input: JsonValue }[] }
  | { readonly role: 'tool'; readonly id: string; readonly name: string; readonly result: JsonValue };

export interface ModelParams {
  /** Omitted: the provider's default. A model that rejects it is retried once without. */
  readonly temperature?: number;
  readonly maxOutputTokens: number;
  /** The whole decision's limit, retries and retry-after waits included. */
  readonly timeoutMs: number;
  /** Further attempts after a 429 or a retryable 5xx. */
  readonly maxRetries: number;
}

/**
 * Forces the model to answer by calling one named tool of `tools` (the judge's verdict, the
 * generator's request): honoured by every provider adapter. Absent: the model chooses freely.
 */
export interface ModelToolChoice {
  readonly kind: 'tool';
  readonly name: string;
}

export interface ModelRequest {
  readonly tools: readonly ModelTool[];
  readonly messages: readonly ModelMessage[];
  readonly params: ModelParams;
  readonly toolChoice?: ModelToolChoice;
  readonly signal?: AbortSignal;
}

export interface ModelUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** Why the model stopped. Closed set; `other` covers anything a provider adds. */
export type ModelFinish = 'tool-calls' | 'stop' | 'length' | 'content-filter' | 'other';

export const MODEL_FINISHES: readonly ModelFinish[] = ['tool-calls', 'stop', 'length', 'content-filter', 'other'];

/** Counters every outcome carries, so a failed decision still accounts for what it spent. */
export interface ModelSpend {
  /** HTTP requests sent for this decision (retries included; 0 for `lexical` and refusals). */
  readonly requests: number;
  readonly usage: ModelUsage;
  /** Wall time of the whole decision, retries included, in milliseconds. */
  readonly latencyMs: number;
}

export interface ModelDecision extends ModelSpend {
  readonly kind: 'decision';
  readonly calls: readonly ModelToolCall[];
  /** Length of the model's text, which itself is never kept. */
  readonly textChars: number;
  /** The text looked like a tool call written out instead of made (JSON naming a tool, etc.). */
  readonly textLooksLikeToolCall: boolean;
  readonly finish: ModelFinish;
  /** 0 when the model rejected `temperature` (or the provider dropped it) and ran without it. */
  readonly temperatureApplied: 0 | 1;
}

/**
 * Typed failures. Closed set: records print these verbatim as labels.
 * - `model-timeout`: no decision within `timeoutMs`.
 * - `rate-limited`: still 429 after `maxRetries` (or the wait would pass the limit).
 * - `provider-error`: any other provider failure (HTTP status, a redirect, malformed body, refused connection).
 * - `response-too-large`: the response body passed the column's `max_response_bytes`; the read was aborted.
 * - `model-unavailable`: no key for the column; nothing was sent.
 * - `budget-exhausted`: the run budget is spent; nothing was sent.
 * - `cancelled`: the caller's signal aborted the decision.
 */
export type ModelFailureKind =
  'model-timeout' | 'rate-limited' | 'provider-error' | 'response-too-large' | 'model-unavailable' | 'budget-exhausted' | 'cancelled';

export const MODEL_FAILURE_KINDS: readonly ModelFailureKind[] = [
  'model-timeout',
  'rate-limited',
  'provider-error',
  'response-too-large',
  'model-unavailable',
  'budget-exhausted',
  'cancelled',
];

export type ModelFailure = ModelSpend &
  (
    | { readonly kind: 'failure'; readonly failure: 'rate-limited'; readonly retryAfterMs?: number }
    | { readonly kind: 'failure'; readonly failure: 'provider-error'; readonly httpStatus?: number }
    | {
        readonly kind: 'failure';
        readonly failure: 'model-timeout' | 'response-too-large' | 'model-unavailable' | 'budget-exhausted' | 'cancelled';
      }
  );

export type ModelOutcome = ModelDecision | ModelFailure;

/** One matrix column: a provider-backed model or the lexical selector. */
export interface ModelPort {
  decide(request: ModelRequest): Promise<ModelOutcome>;
}
