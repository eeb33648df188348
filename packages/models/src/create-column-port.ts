import type { ModelPort, ResolvedColumn } from '@mcp-eval/core';
import { createAiSdkModelPort } from './ai-sdk-model-port.js';
import { createConcurrencyLimiter } from './concurrency-limiter.js';
import { createProviderModel } from './create-provider-model.js';
import { createLexicalPort } from './lexical/lexical-port.js';
import type { RunBudget } from './run-budget.js';

/** A column's default `concurrency` (`model_defaults`, docs/model-layer.md). */
export const DEFAULT_CONCURRENCY = 4;

export interface ColumnPortOptions {
  /** Decisions in flight at once for this column. */
  readonly concurrency?: number;
  /** Shared by every column of the run. */
  readonly budget?: RunBudget;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The port for one matrix column. A provider column with no key (or no `base_url` for
 * `openai-compatible`) answers every decision `model-unavailable` at once, sending nothing.
 */
export function createColumnPort(column: ResolvedColumn, options: ColumnPortOptions = {}): ModelPort {
  if (column.provider === 'lexical') return createLexicalPort();
  const resolved = createProviderModel(column, options.env);
  if (resolved.kind === 'unavailable') {
    return {
      decide: () =>
        Promise.resolve({
          kind: 'failure',
          failure: 'model-unavailable',
          requests: 0,
          usage: { inputTokens: 0, outputTokens: 0 },
          latencyMs: 0,
        }),
    };
  }
  return createAiSdkModelPort(resolved.model, {
    limiter: createConcurrencyLimiter(options.concurrency ?? DEFAULT_CONCURRENCY),
    ...(options.budget === undefined ? {} : { budget: options.budget }),
  });
}
