import type { ManifestDocument } from './manifest-schema.js';
import { DEFAULT_JUDGE_VOTES } from './judge-settings.js';
import type { CaseSpec, GeneratorSpec, GoldenSpec, JudgeSpec, ModelColumnSpec } from './manifest-types.js';
import { DEFAULT_GOLDEN_BUDGET, DEFAULT_TRIALS, MODEL_DEFAULTS } from './model-schema.js';
import type { YamlLocator } from './yaml-locator.js';

/** The typed `models` and `golden` of a validated document: each column's parameters are its own, else `model_defaults`, else the layer's (docs/model-layer.md). */
export function modelLayerOf(
  data: ManifestDocument,
  cases: readonly CaseSpec[],
  file: string,
  locator: YamlLocator,
): { models?: ModelColumnSpec[]; golden?: GoldenSpec; judge?: JudgeSpec; generator?: GeneratorSpec } {
  const defaults = { ...MODEL_DEFAULTS, ...data.model_defaults };
  const models = data.models?.map((column, index): ModelColumnSpec => {
    const at = locator.value(['models', index]);
    return {
      id: column.id,
      provider: column.provider,
      ...(column.model === undefined ? {} : { model: column.model }),
      ...(column.api_key === undefined ? {} : { apiKey: column.api_key }),
      ...(column.base_url === undefined ? {} : { baseUrl: column.base_url }),
      ...(column.max_response_bytes === undefined ? {} : { maxResponseBytes: column.max_response_bytes }),
      temperature: column.temperature ?? defaults.temperature,
      maxOutputTokens: column.max_output_tokens ?? defaults.max_output_tokens,
      timeoutMs: column.timeout_ms ?? defaults.timeout_ms,
      maxRetries: column.max_retries ?? defaults.max_retries,
      concurrency: column.concurrency ?? defaults.concurrency,
      location: { file, line: at.line, column: at.column },
    };
  });
  const behavior = cases.some((c) => c.kind === 'behavior');
  if (models === undefined && data.golden === undefined && !behavior) return {};
  const golden: GoldenSpec = {
    trials: data.golden?.trials ?? DEFAULT_TRIALS,
    hostPrompt: data.golden?.host_prompt ?? 'neutral-v1',
    maxRequests: data.golden?.budget?.max_requests ?? DEFAULT_GOLDEN_BUDGET.max_requests,
    maxInputTokens: data.golden?.budget?.max_input_tokens ?? DEFAULT_GOLDEN_BUDGET.max_input_tokens,
    failOnInconclusive: data.golden?.fail_on_inconclusive ?? false,
    ...(data.golden?.score_threshold === undefined ? {} : { scoreThreshold: data.golden.score_threshold }),
  };
  const roleAt = (role: 'judge' | 'generator') => {
    const at = locator.value([role]);
    return { file, line: at.line, column: at.column };
  };
  return {
    ...(models === undefined ? {} : { models }),
    golden,
    ...(data.judge === undefined
      ? {}
      : { judge: { model: data.judge.model, votes: data.judge.votes ?? DEFAULT_JUDGE_VOTES, location: roleAt('judge') } }),
    ...(data.generator === undefined ? {} : { generator: { model: data.generator.model, location: roleAt('generator') } }),
  };
}
