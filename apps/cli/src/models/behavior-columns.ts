import type { BehaviorColumn, ModelColumnSpec } from '@mcp-eval/core';
import { MODEL_DEFAULTS } from '@mcp-eval/core';
import type { RunBudget } from '@mcp-eval/models';
import { columnAvailability, createColumnPort } from '@mcp-eval/models';

import { resolveColumn } from '../models-check/resolve-column.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The matrix when a manifest has behavior cases and no `models:`: the built-in lexical column. */
const DEFAULT_MATRIX: readonly ModelColumnSpec[] = [
  {
    id: 'lexical',
    provider: 'lexical',
    temperature: MODEL_DEFAULTS.temperature,
    maxOutputTokens: MODEL_DEFAULTS.max_output_tokens,
    timeoutMs: MODEL_DEFAULTS.timeout_ms,
    maxRetries: MODEL_DEFAULTS.max_retries,
    concurrency: MODEL_DEFAULTS.concurrency,
    location: { file: '', line: 1, column: 1 },
  },
];

/**
 * The engine's columns: one port per column from `@mcp-eval/models` (core never imports `ai`),
 * all sharing the run `budget`. A column with no key keeps `available: false` and a port that
 * refuses at once, so the engine's preflight never sends a request for it.
 */
export function behaviorColumns(specs: readonly ModelColumnSpec[] | undefined, budget: RunBudget, env: Env): BehaviorColumn[] {
  return (specs ?? DEFAULT_MATRIX).map((spec): BehaviorColumn => {
    const resolved = resolveColumn(spec, env);
    // The rule `createColumnPort` applies, asked before anything is sent.
    const ok = resolved !== undefined && columnAvailability(resolved, env).kind === 'available';
    const port = createColumnPort(ok ? resolved : { id: spec.id, provider: spec.provider, apiKey: '' }, {
      concurrency: spec.concurrency,
      budget,
      env: ok ? env : {},
    });
    return {
      id: spec.id,
      provider: spec.provider,
      port,
      params: {
        temperature: spec.temperature,
        maxOutputTokens: spec.maxOutputTokens,
        timeoutMs: spec.timeoutMs,
        maxRetries: spec.maxRetries,
      },
      // What decides an answer: never the key. The base URL is hashed into the key, never written.
      identity: {
        provider: spec.provider,
        ...(spec.provider === 'lexical' ? {} : { temperature: spec.temperature, maxOutputTokens: spec.maxOutputTokens }),
        ...(resolved?.model === undefined || spec.provider === 'lexical' ? {} : { model: resolved.model }),
        ...(resolved?.baseUrl === undefined ? {} : { baseUrl: resolved.baseUrl }),
      },
      concurrency: spec.concurrency,
      available: ok,
    };
  });
}
