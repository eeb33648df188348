import type { Connection, Connector, JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { CatalogBudget } from '../catalog/catalog-budget.js';
import { listTools } from '../catalog/list-tools.js';
import type { ListWalk } from '../catalog/walk-list.js';
import type { BehaviorCheck } from '../behavior/fold-trials.js';
import { foldTrials } from '../behavior/fold-trials.js';
import type { InputSchema } from '../behavior/input-schema.js';
import { prepareInputSchema } from '../behavior/input-schema.js';
import { surfaceHash } from '../behavior/outcome-cache-key.js';
import type { TrialOutcome } from '../behavior/trial-outcome.js';
import { withScoreGate } from '../behavior/model-score.js';
import type { RoleSpendEntry } from '../behavior/role-ledger.js';
import type { SelfRole } from '../behavior/self-role.js';
import type { ScalingCase } from '../checks/behavior/catalog/catalog-check-facts.js';
import { copyCaseRecord } from '../copy-record.js';
import type { CaseSpec } from '../manifest/manifest-types.js';
import type { ModelTool } from '../models/model-port.js';
import type { CaseRecord, ModelColumn } from '../record.js';
import type { BehaviorCase } from './behavior-case.js';
import { caseColumns, readBehaviorCase, recordChecks } from './behavior-case.js';
import type { BehaviorColumn, OutcomeStore } from './behavior-column.js';
import type { BehaviorRoles } from './behavior-roles.js';
import { roleColumns } from './behavior-roles.js';
import type { TrialShared } from './cached-trial.js';
import { cachedTrial } from './cached-trial.js';
import { catalogRoles, evaluateCatalogChecks, isCatalogCheck } from './catalog-checks.js';
import { modelColumns } from './model-columns.js';
import { selfRoleUses } from './self-role-uses.js';
import { runWorkerPool } from './worker-pool.js';

export { modelColumns } from './model-columns.js';

export interface EvaluateBehaviorOptions {
  /** The server whose catalog is handed to the models (and whose read-only tools may give live results). */
  readonly connector: Connector;
  /** The manifest's behavior cases (others are ignored). */
  readonly cases: readonly CaseSpec[];
  readonly columns: readonly BehaviorColumn[];
  /** Trials per case and column. */
  readonly trials: number;
  /** The host prompt's text (part of every cache key), or none. */
  readonly systemPrompt?: string;
  /** `--no-cache` passes none. */
  readonly cache?: OutcomeStore;
  /** A column with no key is `error` instead of `skip` `model-unavailable`. */
  readonly requireModels?: boolean;
  /** A declared sandbox and `--allow-mutation`, both: live results from any tool. */
  readonly allowMutation?: boolean;
  readonly timeoutMs: number;
  readonly catalogBudget?: CatalogBudget;
  /** The run's judge and generator (`judge:`, `generator:`), on the columns they name. */
  readonly roles?: BehaviorRoles;
  /** `golden.score_threshold`: each column's model score is gated (RunReport.models[].scoreGate). */
  readonly scoreThreshold?: number;
  readonly signal?: AbortSignal;
  readonly onCaseEnd?: (record: CaseRecord) => void;
}

export interface BehaviorEvaluation {
  readonly records: readonly CaseRecord[];
  /** One entry per column: pooled scores and spend (RunReport.models). */
  readonly models: readonly ModelColumn[];
  /** The catalog could not be read: fixed labels, as the deterministic engine gives them. */
  readonly invocationErrors: readonly { readonly label: string }[];
  /** With a judge or generator: what each role spent this run (RunReport.roles). */
  readonly roles?: readonly RoleSpendEntry[];
  /** Columns that judge or generate for themselves here: the CLI warns (fixed text, `selfRoleWarning`). */
  readonly selfRoles?: readonly SelfRole[];
}

/** A tool as handed to a model: only its name, description and input schema. */
function modelTools(walk: ListWalk): ModelTool[] {
  return walk.items
    .filter((t) => typeof t.name === 'string')
    .map((t) => ({
      name: t.name as string,
      ...(typeof t.description === 'string' ? { description: t.description } : {}),
      inputSchema: isRecord(t.inputSchema) ? (t.inputSchema as JsonObject) : { type: 'object' },
    }));
}

/** A golden case as its trials need it. */
interface ReadCase {
  readonly spec: CaseSpec;
  readonly read: BehaviorCase;
  readonly columns: readonly string[] | undefined;
}

/** One case's records on one column, each folded over its trials by the case's gate. */
function caseRecords(entry: ReadCase, column: BehaviorColumn, outcomes: readonly Map<BehaviorCheck, TrialOutcome>[]): CaseRecord[] {
  return recordChecks(entry.read).map((check) => {
    const trials = outcomes.map((o) => o.get(check)).filter((o): o is TrialOutcome => o !== undefined);
    const folded = foldTrials(check, trials, entry.spec.gate ?? 'hard');
    const durationMs = trials.reduce((n, t) => n + (t.measurements.latencyMs ?? 0), 0);
    return copyCaseRecord({
      id: entry.spec.id,
      kind: 'behavior',
      check,
      model: column.id,
      status: folded.status,
      label: folded.label,
      measurements: folded.measurements,
      runs: folded.runs,
      passes: folded.passes,
      passRate: folded.passRate,
      ...(entry.spec.gate === undefined ? {} : { gate: entry.spec.gate }),
      location: entry.spec.location,
      durationMs: Math.round(durationMs),
    });
  });
}

/** Every trial of the column's cases, `column.concurrency` at a time, folded into records. */
async function columnRecords(
  cases: readonly ReadCase[],
  column: BehaviorColumn,
  shared: TrialShared,
  options: EvaluateBehaviorOptions,
): Promise<CaseRecord[]> {
  const mine = cases.filter((c) => c.columns === undefined || c.columns.includes(column.id));
  const outcomes: Map<BehaviorCheck, TrialOutcome>[][] = mine.map(() => []);
  const units = mine.flatMap((entry, caseIndex) => Array.from({ length: options.trials }, (_u, trial) => ({ entry, caseIndex, trial })));
  const workers = Math.max(1, Math.min(column.concurrency, units.length));
  await runWorkerPool({
    units,
    maxWorkers: workers,
    initialWorkers: workers,
    open: () => undefined,
    run: async ({ entry, caseIndex, trial }) => {
      const result = await cachedTrial(entry.spec, entry.read, column, trial, shared);
      const slot = outcomes[caseIndex];
      if (slot !== undefined) slot[trial] = result;
    },
  });
  return mine.flatMap((entry, caseIndex) => {
    const records = caseRecords(entry, column, outcomes[caseIndex] ?? []);
    for (const record of records) options.onCaseEnd?.(record);
    return records;
  });
}

/** The golden tool-selection cases catalog-scaling measures. */
function scalingCases(cases: readonly ReadCase[]): ScalingCase[] {
  return cases.flatMap(({ spec, read, columns }) =>
    read.kind === 'tool-selection'
      ? [{ id: spec.id, task: read.task, tool: read.expected.tool, acceptPrerequisite: read.expected.acceptPrerequisite, columns }]
      : [],
  );
}

/** The report's columns, roles' spend and self-roles around the records. */
function evaluation(specs: readonly CaseSpec[], records: CaseRecord[], options: EvaluateBehaviorOptions): BehaviorEvaluation {
  const models = modelColumns(options.columns, records).map((m) => withScoreGate(m, options.scoreThreshold));
  const roleSpend = options.roles?.ledger.entries() ?? [];
  const columnIds = options.columns.map((c) => c.id);
  const self = options.roles === undefined ? [] : selfRoleUses(specs, columnIds, roleColumns(options.roles));
  return {
    records,
    models,
    invocationErrors: [],
    ...(roleSpend.length === 0 ? {} : { roles: roleSpend }),
    ...(self.length === 0 ? {} : { selfRoles: self }),
  };
}

/** The golden cases on every column, then the catalog-only checks (engine/catalog-checks.ts). */
async function evaluateOn(
  connection: Connection,
  walk: ListWalk,
  specs: readonly CaseSpec[],
  signal: AbortSignal,
  options: EvaluateBehaviorOptions,
): Promise<BehaviorEvaluation> {
  const tools = modelTools(walk);
  const schemas = new Map<string, InputSchema>(tools.map((t) => [t.name, prepareInputSchema(t.inputSchema)]));
  const shared: TrialShared = {
    surface: surfaceHash(tools),
    tools,
    schemas,
    emptySchema: prepareInputSchema({ type: 'object' }),
    walk,
    connection,
    signal,
    options,
  };
  const cases = specs
    .filter((spec) => !isCatalogCheck(spec.check))
    .map((spec) => ({ spec, read: readBehaviorCase(spec), columns: caseColumns(spec) }));
  const perColumn = await Promise.all(options.columns.map((column) => columnRecords(cases, column, shared, options)));
  const catalogRecords = await evaluateCatalogChecks(
    specs.filter((spec) => isCatalogCheck(spec.check)),
    {
      tools,
      rawTools: walk.items,
      schemas,
      columns: options.columns,
      trials: options.trials,
      ...(options.systemPrompt === undefined ? {} : { systemPrompt: options.systemPrompt }),
      ...(options.cache === undefined ? {} : { cache: options.cache }),
      ...(options.requireModels === undefined ? {} : { requireModels: options.requireModels }),
      ...catalogRoles(options.roles),
      golden: scalingCases(cases),
      signal,
    },
  );
  for (const record of catalogRecords) options.onCaseEnd?.(record);
  return evaluation(specs, [...perColumn.flat(), ...catalogRecords], options);
}

/**
 * Runs every behavior case on every column (or the case's `models`), `trials` times, and folds each
 * record's trials by the case's gate (docs/model-layer.md). Each trial's outcomes are read from the cache
 * first (a full hit sends nothing); a column with no key is never asked; a case whose `live` step
 * the mutation gate refuses is `skip` `mutation-not-allowed` before any request. Columns run side by
 * side, each with its own concurrency; the run budget lives in the ports the CLI built.
 */
export async function evaluateBehavior(options: EvaluateBehaviorOptions): Promise<BehaviorEvaluation> {
  const specs = options.cases.filter((c) => c.kind === 'behavior');
  if (specs.length === 0 || options.columns.length === 0) return { records: [], models: [], invocationErrors: [] };
  const controller = new AbortController();
  const signal = options.signal === undefined ? controller.signal : AbortSignal.any([options.signal, controller.signal]);
  const unreadable = { records: [], models: [], invocationErrors: [{ label: 'behavior-catalog-unreadable' }] };
  let connection: Connection;
  try {
    connection = await options.connector.connect({ signal });
  } catch {
    return unreadable;
  }
  try {
    const walk = await listTools(
      { timeoutMs: options.timeoutMs, signal, ...(options.catalogBudget ? { catalogBudget: options.catalogBudget } : {}) },
      connection,
    );
    if (walk.problem !== undefined) return unreadable;
    return await evaluateOn(connection, walk, specs, signal, options);
  } finally {
    controller.abort();
    await connection.close().catch(() => undefined);
  }
}
