import type { CachedModelIdentity } from '../behavior/outcome-cache-key.js';
import type { TrialOutcome } from '../behavior/trial-outcome.js';
import type { ModelParams, ModelPort } from '../models/model-port.js';
import type { ModelProvider } from '../record.js';

/**
 * A matrix column resolved: the manifest's `models:` entry with its `api_key` and `base_url`
 * expanded (`expandColumnValue`). The one resolved shape: `@mcp-eval/models` builds a column's
 * port from it, `models check` probes it, and a `BehaviorColumn` carries its id and provider.
 */
export interface ResolvedColumn {
  readonly id: string;
  readonly provider: ModelProvider;
  /** The provider's model id; ignored by `lexical`. */
  readonly model?: string;
  /** Any provider: a proxy, a gateway, a local server or emulator. Required for `openai-compatible`. */
  readonly baseUrl?: string;
  /** Undefined: the provider's usual environment variable; '' means no key. */
  readonly apiKey?: string;
  /** Most bytes one response body may have; default `DEFAULT_MAX_RESPONSE_BYTES`. */
  readonly maxResponseBytes?: number;
  /** Time limit of one HTTP request (the column's `timeout_ms`); the decision's own limit still applies. */
  readonly timeoutMs?: number;
}

/**
 * One matrix column as the behavior engine runs it. The CLI builds the port (with
 * `@mcp-eval/models`; core never imports `ai`) and says whether it has a key: a column without
 * one is never asked (preflight), it only replays what the cache holds.
 */
export interface BehaviorColumn extends Pick<ResolvedColumn, 'id' | 'provider'> {
  readonly port: ModelPort;
  readonly params: ModelParams;
  /** What the outcome cache keys the column by: provider, model and resolved parameters. */
  readonly identity: CachedModelIdentity;
  /** Trials in flight at once on this column. */
  readonly concurrency: number;
  /** False: no key (or no `base_url` for openai-compatible), so no request may be sent. */
  readonly available: boolean;
}

/**
 * The outcome cache as the engine uses it: the CLI passes `createOutcomeCache(dir)` from
 * `@mcp-eval/models`; core computes the keys and never touches files.
 */
export interface OutcomeStore {
  read(key: string): TrialOutcome | undefined;
  write(key: string, outcome: TrialOutcome): boolean;
}
