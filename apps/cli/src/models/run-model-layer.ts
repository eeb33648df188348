import { resolve } from 'node:path';

import type { BehaviorEvaluation, CaseSpec, Manifest, ShardSpec } from '@mcp-eval/core';
import { createBehaviorRoles, evaluateBehavior, HOST_PROMPTS, shardOf } from '@mcp-eval/core';
import { createOutcomeCache, createRunBudget } from '@mcp-eval/models';
import type { Connector } from '@mcp-eval/protocol';

import type { Io } from '../io.js';
import type { ModelRunOptions } from './model-flags.js';

export interface ModelLayerRun {
  readonly manifest: Manifest;
  readonly cases: readonly CaseSpec[];
  readonly connector: Connector;
  readonly options: ModelRunOptions;
  readonly allowMutation: boolean;
  readonly timeoutMs: number;
  /** `run --shard k/n`: only the (case, column) pairs that hash to this shard. */
  readonly shard?: ShardSpec;
}

/** `run`'s behavior cases on the manifest's model matrix; nothing when the selection has none. */
export async function runModelLayer(io: Io, run: ModelLayerRun): Promise<BehaviorEvaluation> {
  const cases = run.cases.filter((c) => c.kind === 'behavior');
  const golden = run.manifest.golden;
  if (cases.length === 0 || golden === undefined) return { records: [], models: [], invocationErrors: [] };
  const budget = createRunBudget({ maxRequests: golden.maxRequests, maxInputTokens: golden.maxInputTokens });
  const systemPrompt = HOST_PROMPTS[golden.hostPrompt];
  // The model stack (the AI SDK and its providers) loads only for a run with behavior cases.
  const { behaviorColumns } = await import('./behavior-columns.js');
  const columns = behaviorColumns(run.manifest.models, budget, io.env);
  const common = {
    connector: run.connector,
    trials: run.options.trials ?? golden.trials,
    ...(systemPrompt === undefined ? {} : { systemPrompt }),
    ...(run.options.cacheDir === undefined ? {} : { cache: createOutcomeCache(resolve(io.cwd, run.options.cacheDir)) }),
    requireModels: run.options.requireModels,
    allowMutation: run.allowMutation,
    timeoutMs: run.timeoutMs,
    ...(run.manifest.server.catalogBudget === undefined ? {} : { catalogBudget: run.manifest.server.catalogBudget }),
    ...(golden.scoreThreshold === undefined ? {} : { scoreThreshold: golden.scoreThreshold }),
    // `judge:` and `generator:` on the columns they name (their requests count against the same budget).
    ...(run.manifest.judge === undefined && run.manifest.generator === undefined
      ? {}
      : {
          roles: createBehaviorRoles(
            {
              ...(run.manifest.judge === undefined ? {} : { judge: { model: run.manifest.judge.model, votes: run.manifest.judge.votes } }),
              ...(run.manifest.generator === undefined ? {} : { generator: { model: run.manifest.generator.model } }),
            },
            columns,
          ),
        }),
  };
  const { shard } = run;
  if (shard === undefined) return evaluateBehavior({ ...common, cases, columns });
  // A shard runs each column on the cases whose (id, column) pair hashes to it, sharing the run budget.
  const parts = await Promise.all(
    columns.map((column) => {
      const mine = cases.filter((c) => shardOf(c.id, shard.count, column.id) === shard.index);
      return mine.length === 0 ? undefined : evaluateBehavior({ ...common, cases: mine, columns: [column] });
    }),
  );
  const ran = parts.filter((part) => part !== undefined);
  // Each column's part reads the catalog itself: one unreadable catalog is one invocation error, as unsharded.
  const labels = new Set(ran.flatMap((part) => part.invocationErrors.map((error) => error.label)));
  // The parts share one role ledger, so once all are done it holds the whole shard's role spend.
  const roles = common.roles?.ledger.entries() ?? [];
  const selfRoles = [...new Map(ran.flatMap((part) => part.selfRoles ?? []).map((self) => [`${self.role} ${self.model}`, self])).values()];
  return {
    records: ran.flatMap((part) => part.records),
    models: ran.flatMap((part) => part.models),
    invocationErrors: [...labels].map((label) => ({ label })),
    ...(roles.length === 0 ? {} : { roles }),
    ...(selfRoles.length === 0 ? {} : { selfRoles }),
  };
}
