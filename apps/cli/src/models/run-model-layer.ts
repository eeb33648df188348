import { resolve } from 'node:path';

import type { BehaviorEvaluation, CaseSpec, Manifest } from '@mcp-eval/core';
import { evaluateBehavior, HOST_PROMPTS } from '@mcp-eval/core';
import { createOutcomeCache, createRunBudget } from '@mcp-eval/models';
import type { Connector } from '@mcp-eval/protocol';

import type { Io } from '../io.js';
import { behaviorColumns } from './behavior-columns.js';
import type { ModelRunOptions } from './model-flags.js';

export interface ModelLayerRun {
  readonly manifest: Manifest;
  readonly cases: readonly CaseSpec[];
  readonly connector: Connector;
  readonly options: ModelRunOptions;
  readonly allowMutation: boolean;
  readonly timeoutMs: number;
}

/** `run`'s behavior cases on the manifest's model matrix; nothing when the selection has none. */
export async function runModelLayer(io: Io, run: ModelLayerRun): Promise<BehaviorEvaluation> {
  const cases = run.cases.filter((c) => c.kind === 'behavior');
  const golden = run.manifest.golden;
  if (cases.length === 0 || golden === undefined) return { records: [], models: [], invocationErrors: [] };
  const budget = createRunBudget({ maxRequests: golden.maxRequests, maxInputTokens: golden.maxInputTokens });
  const systemPrompt = HOST_PROMPTS[golden.hostPrompt];
  return evaluateBehavior({
    connector: run.connector,
    cases,
    columns: behaviorColumns(run.manifest.models, budget, io.env),
    trials: run.options.trials ?? golden.trials,
    ...(systemPrompt === undefined ? {} : { systemPrompt }),
    ...(run.options.cacheDir === undefined ? {} : { cache: createOutcomeCache(resolve(io.cwd, run.options.cacheDir)) }),
    requireModels: run.options.requireModels,
    allowMutation: run.allowMutation,
    timeoutMs: run.timeoutMs,
    ...(run.manifest.server.catalogBudget === undefined ? {} : { catalogBudget: run.manifest.server.catalogBudget }),
  });
}
