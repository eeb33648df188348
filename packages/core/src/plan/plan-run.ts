import type { CaseSpec, Manifest } from '../manifest/manifest-types.js';
import type { RunReport, RunShard } from '../record.js';
import { shardOf } from './shard-of.js';
import type { ShardSpec } from './shard-plan.js';
import { assignedOf, manifestUnits, unitsOfShard } from './shard-plan.js';

/** What the caller asked for (the CLI's flags, already parsed). */
export interface RunPlanOptions {
  readonly only?: readonly string[] | undefined;
  readonly shard?: ShardSpec | undefined;
  /** A baseline is named (`--baseline`); its kind is given to `planRun` once it is read. */
  readonly baseline?: boolean | undefined;
  readonly maxDrop?: number | undefined;
  readonly baselineAnyTarget?: boolean | undefined;
  readonly allowMutation?: boolean | undefined;
  readonly repeat?: number | undefined;
  readonly timeoutMs?: number | undefined;
}

/**
 * What judges a run's records after the engines, in this order: the deterministic baseline
 * (pass-rate drop, budgets), the model baseline (Newcombe interval), the drift records of the two
 * catalogs, then the reviewed entries (applied by the report writer, over every record).
 */
export type RunStep = 'baseline' | 'model-baseline' | 'drift' | 'reviewed';

export interface RunPlan {
  /** The manifest's cases this run evaluates: `only` chosen, then the shard's deterministic cases; behavior cases stay (sharded per model column). */
  readonly cases: readonly CaseSpec[];
  /** The shard and what it is assigned (the report's `shard` lacks only the manifest's hash). */
  readonly shard?: Omit<RunShard, 'manifest'>;
  readonly repeat: number;
  readonly timeoutMs: number;
  /** Mutating calls only with a sandbox declared and the caller's consent. */
  readonly allowMutation: boolean;
  /** Drift needs this run's catalog, and so does a shard's merge; otherwise it is kept only when a case read it anyway. */
  readonly snapshotCatalog: 'if-read' | 'always';
  readonly steps: readonly RunStep[];
}

/** The options that cannot go together, before anything is read; undefined when they can. */
export function runOptionsProblem(options: RunPlanOptions): string | undefined {
  const only = options.only ?? [];
  if (options.maxDrop !== undefined && options.baseline !== true) return '--max-drop applies only with --baseline <previous run.json>';
  if (options.baselineAnyTarget === true && options.baseline !== true)
    return '--baseline-any-target applies only with --baseline <previous run.json>';
  // A shard is a part of the manifest: --only would leave holes merge cannot see, and a baseline
  // (pooled per model column) compares only the whole, so it goes to merge.
  if (options.shard !== undefined && only.length > 0) return '--shard runs a part of the whole manifest; it cannot be combined with --only';
  if (options.shard !== undefined && options.baseline === true)
    return '--shard: compare the merged run with the baseline instead (mcp-eval merge <shard reports> --baseline <run.json>)';
  return undefined;
}

/** The steps that judge the records: a snapshot baseline has no verdicts, so it gives drift only. */
function stepsOf(baseline: Pick<RunReport, 'command'> | undefined): RunStep[] {
  if (baseline === undefined) return ['reviewed'];
  if (baseline.command === 'snapshot') return ['drift', 'reviewed'];
  return ['baseline', 'model-baseline', 'drift', 'reviewed'];
}

/**
 * The run a manifest and options make: which cases, which shard, the repeat, time limit and
 * mutation gate, and the steps that judge the records. A refusal is `{ problem }`, nothing run.
 */
export function planRun(
  manifest: Pick<Manifest, 'cases' | 'models' | 'golden' | 'sandbox' | 'repeat' | 'server'>,
  options: RunPlanOptions,
  baseline?: Pick<RunReport, 'command'>,
): RunPlan | { readonly problem: string } {
  const optionsProblem = runOptionsProblem(options);
  if (optionsProblem !== undefined) return { problem: optionsProblem };
  const only = options.only ?? [];
  const unknownOnly = only.filter((id) => !manifest.cases.some((c) => c.id === id));
  if (unknownOnly.length > 0) return { problem: `--only names no case in the manifest: ${unknownOnly.join(', ')}` };
  const chosen = only.length === 0 ? manifest.cases : manifest.cases.filter((c) => only.includes(c.id));
  const { shard } = options;
  // Behavior cases are sharded per (case, model column) in the model layer.
  const cases = shard === undefined ? chosen : chosen.filter((c) => c.kind === 'behavior' || shardOf(c.id, shard.count) === shard.index);
  return {
    cases,
    ...(shard === undefined ? {} : { shard: { ...shard, assigned: assignedOf(unitsOfShard(manifestUnits(manifest), shard)) } }),
    repeat: options.repeat ?? manifest.repeat,
    timeoutMs: options.timeoutMs ?? manifest.server.timeoutMs,
    allowMutation: manifest.sandbox !== undefined && options.allowMutation === true,
    snapshotCatalog: baseline === undefined && shard === undefined ? 'if-read' : 'always',
    steps: stepsOf(baseline),
  };
}
