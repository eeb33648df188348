import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json.js';
import type { ModelTool } from '../models/model-port.js';

/**
 * The model layer's version in every cache key: bump it when a classification, a policy or the
 * host prompt changes meaning, so no outcome judged by older rules is replayed.
 */
export const MODEL_LAYER_VERSION = 1;

// Shared with calls/ (result digests), so it sits below both; re-exported for the engine.
export { canonicalJson } from '../canonical-json.js';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * The surface hash: the tool catalog exactly as handed to the model (names, descriptions, input
 * schemas, in catalog order). An edited description changes it: that is what is being evaluated.
 */
export function surfaceHash(tools: readonly ModelTool[]): string {
  return sha256(canonicalJson(tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }))));
}

/** The model part of the key: provider, model and the parameters that shape a decision. */
export interface CachedModelIdentity {
  readonly provider: string;
  readonly model?: string;
  /** Another endpoint may serve another model under the same id. */
  readonly baseUrl?: string;
  /** As resolved for the column (defaults applied). Timeouts and retries shape delivery, not decisions, and are left out. */
  readonly temperature?: number;
  readonly maxOutputTokens?: number;
}

export interface OutcomeKeyInput {
  /**
   * The case as run: its id, the check whose outcome is stored, and everything that decides the
   * verdict (task, expectations, gate-free spec, host prompt text). Never the trial count: trials
   * are keyed one by one.
   */
  readonly case: unknown;
  readonly surface: string;
  readonly model: CachedModelIdentity;
  /** 0-based: repeats never collapse into one cached answer. */
  readonly trial: number;
}

/** `sha256(case, surface, model, trial, layer version)` (docs/model-layer.md), hex. */
export function outcomeCacheKey(input: OutcomeKeyInput): string {
  const model = {
    provider: input.model.provider,
    model: input.model.model,
    baseUrl: input.model.baseUrl,
    temperature: input.model.temperature,
    maxOutputTokens: input.model.maxOutputTokens,
  };
  return sha256(canonicalJson([sha256(canonicalJson(input.case)), input.surface, model, input.trial, MODEL_LAYER_VERSION]));
}
