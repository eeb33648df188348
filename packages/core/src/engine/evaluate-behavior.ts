import type { Connection, Connector, JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { CatalogBudget } from '../catalog/catalog-budget.js';
import { listTools } from '../catalog/list-tools.js';
import type { ListWalk } from '../catalog/walk-list.js';
import { callTool } from '../calls/call-tool.js';
import { gateFromWalk } from '../calls/mutation-gate.js';
import { columnScores } from '../behavior/column-scores.js';
import type { BehaviorCheck } from '../behavior/fold-trials.js';
import { foldTrials } from '../behavior/fold-trials.js';
import type { InputSchema } from '../behavior/input-schema.js';
import { prepareInputSchema } from '../behavior/input-schema.js';
import type { LiveResult } from '../behavior/live-result.js';
import { outcomeCacheKey, surfaceHash } from '../behavior/outcome-cache-key.js';
import { liveTools } from '../behavior/tool-sequence.js';
import type { TrialOutcome } from '../behavior/trial-outcome.js';
import { cachedOutcomeFits } from '../behavior/cached-outcome-fits.js';
import { replayedTrial } from '../behavior/trial-labels.js';
import { copyCaseRecord } from '../copy-record.js';
import type { CaseSpec } from '../manifest/manifest-types.js';
import type { ModelTool } from '../models/model-port.js';
import type { CaseRecord, ModelColumn } from '../record.js';
import type { BehaviorCase } from './behavior-case.js';
import { caseColumns, needsJudge, readBehaviorCase, recordChecks } from './behavior-case.js';
import { taskLiveTools } from './behavior-task-trial.js';
import type { BehaviorColumn, OutcomeStore } from './behavior-column.js';
import type { BehaviorRoles } from './behavior-roles.js';
import { roleColumns } from './behavior-roles.js';
import type { RoleSpendEntry } from '../behavior/role-ledger.js';
import type { SelfRole } from '../behavior/self-role.js';
import { selfRoleUses } from './self-role-uses.js';
import { runTrial } from './behavior-trial.js';
import { catalogRoles, evaluateCatalogChecks, isCatalogCheck } from './catalog-checks.js';
import { modelScore, withScoreGate } from '../behavior/model-score.js';

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

/**
 * Largest live tool result fed back to a model (UTF-8 bytes of its JSON). A larger one is replaced
 * by `{ truncated: true }`: a server's answer must not blow a column's token budget on its own.
 */
export const MAX_LIVE_RESULT_BYTES = 64 * 1024;

/** Live results through the one mutation gate; a failed call is fed back as a fixed error, never the server's text. */
function liveResults(
  connection: Connection,
  walk: ListWalk,
  options: EvaluateBehaviorOptions,
  readOnly: boolean,
  signal: AbortSignal,
): LiveResult {
  return async (tool, input) => {
    const decision = gateFromWalk({ allowMutation: options.allowMutation ?? false }, walk, [tool], readOnly);
    if (!decision.open) return { kind: 'refused' };
    const exchange = await callTool(
      { timeoutMs: options.timeoutMs, signal },
      connection,
      tool,
      isRecord(input) ? (input as JsonObject) : {},
    );
    if (exchange.outcome !== 'result') return { kind: 'result', value: { isError: true } };
    const bytes = Buffer.byteLength(JSON.stringify(exchange.result));
    return { kind: 'result', value: bytes > MAX_LIVE_RESULT_BYTES ? { truncated: true } : exchange.result };
  };
}

interface Unit {
  readonly caseIndex: number;
  readonly trial: number;
}

/** A status and label for every record of a trial that was not asked (preflight, gate). */
function notAsked(checks: readonly BehaviorCheck[], outcome: TrialOutcome): Map<BehaviorCheck, TrialOutcome> {
  return new Map(checks.map((check) => [check, outcome]));
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

  let connection: Connection;
  try {
    connection = await options.connector.connect({ signal });
  } catch {
    return { records: [], models: [], invocationErrors: [{ label: 'behavior-catalog-unreadable' }] };
  }
  try {
    const walk = await listTools(
      { timeoutMs: options.timeoutMs, signal, ...(options.catalogBudget ? { catalogBudget: options.catalogBudget } : {}) },
      connection,
    );
    if (walk.problem !== undefined) return { records: [], models: [], invocationErrors: [{ label: 'behavior-catalog-unreadable' }] };
    const tools = modelTools(walk);
    const surface = surfaceHash(tools);
    const schemas = new Map<string, InputSchema>(tools.map((t) => [t.name, prepareInputSchema(t.inputSchema)]));
    const emptySchema = prepareInputSchema({ type: 'object' });
    // Catalog-only checks (no task) run after the golden cases, in engine/catalog-checks.ts.
    const cases = specs
      .filter((spec) => !isCatalogCheck(spec.check))
      .map((spec) => ({ spec, read: readBehaviorCase(spec), columns: caseColumns(spec) }));

    const perColumn = await Promise.all(
      options.columns.map(async (column) => {
        const mine = cases.filter((c) => c.columns === undefined || c.columns.includes(column.id));
        const outcomes: Map<BehaviorCheck, TrialOutcome>[][] = mine.map(() => []);
        const units: Unit[] = mine.flatMap((_, caseIndex) => Array.from({ length: options.trials }, (_u, trial) => ({ caseIndex, trial })));
        let next = 0;
        const work = async (): Promise<void> => {
          for (let unit = units[next++]; unit !== undefined; unit = units[next++]) {
            const entry = mine[unit.caseIndex];
            if (entry === undefined) continue;
            const result = await oneTrial(entry.spec, entry.read, column, unit.trial, {
              surface,
              tools,
              schemas,
              emptySchema,
              walk,
              connection,
              signal,
              options,
            });
            const slot = outcomes[unit.caseIndex];
            if (slot !== undefined) slot[unit.trial] = result;
          }
        };
        await Promise.all(Array.from({ length: Math.max(1, Math.min(column.concurrency, units.length)) }, work));
        return mine.flatMap((entry, caseIndex) =>
          recordChecks(entry.read).map((check) => {
            const trials = (outcomes[caseIndex] ?? []).map((o) => o.get(check)).filter((o): o is TrialOutcome => o !== undefined);
            const folded = foldTrials(check, trials, entry.spec.gate ?? 'hard');
            const durationMs = trials.reduce((n, t) => n + (t.measurements.latencyMs ?? 0), 0);
            const record = copyCaseRecord({
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
            options.onCaseEnd?.(record);
            return record;
          }),
        );
      }),
    );
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
        golden: cases.flatMap(({ spec, read, columns }) =>
          read.kind === 'tool-selection'
            ? [{ id: spec.id, task: read.task, tool: read.expected.tool, acceptPrerequisite: read.expected.acceptPrerequisite, columns }]
            : [],
        ),
        signal,
      },
    );
    for (const record of catalogRecords) options.onCaseEnd?.(record);
    const records = [...perColumn.flat(), ...catalogRecords];
    const models = modelColumns(options.columns, records).map((m) => withScoreGate(m, options.scoreThreshold));
    const roleSpend = options.roles?.ledger.entries() ?? [];
    const self =
      options.roles === undefined
        ? []
        : selfRoleUses(
            specs,
            options.columns.map((c) => c.id),
            roleColumns(options.roles),
          );
    return {
      records,
      models,
      invocationErrors: [],
      ...(roleSpend.length === 0 ? {} : { roles: roleSpend }),
      ...(self.length === 0 ? {} : { selfRoles: self }),
    };
  } finally {
    controller.abort();
    await connection.close().catch(() => undefined);
  }
}

interface Shared {
  readonly surface: string;
  readonly tools: readonly ModelTool[];
  readonly schemas: ReadonlyMap<string, InputSchema>;
  readonly emptySchema: InputSchema;
  readonly walk: ListWalk;
  readonly connection: Connection;
  readonly signal: AbortSignal;
  readonly options: EvaluateBehaviorOptions;
}

/** Outcomes worth replaying: judged ones. Failures of delivery (timeouts, 429, no key, budget) and gate skips are retried next run. */
const cacheable = (o: TrialOutcome): boolean => o.status === 'pass' || o.status === 'fail' || o.label === 'no-correct-selection';

async function oneTrial(
  spec: CaseSpec,
  read: BehaviorCase,
  column: BehaviorColumn,
  trial: number,
  shared: Shared,
): Promise<Map<BehaviorCheck, TrialOutcome>> {
  const { options } = shared;
  const checks = recordChecks(read);
  const readOnly = read.kind !== 'no-call' && read.readOnly;
  // A live step the gate refuses: nothing is asked of the model, nothing reaches the server.
  if (read.kind === 'tool-sequence') {
    for (const tool of liveTools(read.expected)) {
      const decision = gateFromWalk({ allowMutation: options.allowMutation ?? false }, shared.walk, [tool], readOnly);
      if (!decision.open) return notAsked(checks, { status: 'skip', label: 'mutation-not-allowed', measurements: {} });
    }
  }
  if (read.kind === 'task-completion') {
    for (const tool of taskLiveTools(read)) {
      const decision = gateFromWalk({ allowMutation: options.allowMutation ?? false }, shared.walk, [tool], read.readOnly);
      if (!decision.open) return notAsked(checks, { status: 'skip', label: 'mutation-not-allowed', measurements: {} });
    }
  }
  // Everything that decides a verdict; `models:` only picks columns, so editing it replays the rest.
  const { models: _columns, ...decisive } = spec.params;
  // A judged case keys on its judge too: another judge (model, parameters, votes) re-judges.
  const judged = needsJudge(read) ? { judge: options.roles?.identity.judge ?? null } : {};
  const caseKey = { id: spec.id, check: spec.check, params: decisive, hostPrompt: options.systemPrompt ?? null, ...judged };
  const keys = new Map(
    checks.map((check) => [
      check,
      outcomeCacheKey({ case: { ...caseKey, record: check }, surface: shared.surface, model: column.identity, trial }),
    ]),
  );
  if (options.cache !== undefined) {
    const hits = new Map<BehaviorCheck, TrialOutcome>();
    for (const [check, key] of keys) {
      const hit = options.cache.read(key);
      if (hit !== undefined && cachedOutcomeFits(check, hit)) hits.set(check, replayedTrial(hit));
    }
    if (hits.size === checks.length) return hits;
  }
  if (!column.available) {
    const status = options.requireModels === true ? 'error' : 'skip';
    return notAsked(checks, { status, label: 'model-unavailable', measurements: { requests: 0 } });
  }
  const outcomes = await runTrial(read, column, {
    tools: shared.tools,
    schemas: shared.schemas,
    emptySchema: shared.emptySchema,
    ...(options.systemPrompt === undefined ? {} : { systemPrompt: options.systemPrompt }),
    live: liveResults(shared.connection, shared.walk, options, readOnly, shared.signal),
    ...(options.roles?.judge === undefined ? {} : { judge: options.roles.judge }),
    signal: shared.signal,
  });
  const result = new Map<BehaviorCheck, TrialOutcome>();
  for (const [check, outcome] of outcomes) {
    const unavailable = outcome.label === 'model-unavailable' && options.requireModels === true;
    result.set(check, unavailable ? { ...outcome, status: 'error' } : outcome);
  }
  if (options.cache !== undefined && [...outcomes.values()].every(cacheable)) {
    for (const [check, outcome] of outcomes) {
      const key = keys.get(check);
      if (key !== undefined) options.cache.write(key, outcome);
    }
  }
  return result;
}

/** RunReport.models: each column's pooled scores, spend and replayed trials (also `merge`'s, over every shard's records). */
export function modelColumns(columns: readonly Pick<BehaviorColumn, 'id' | 'provider'>[], records: readonly CaseRecord[]): ModelColumn[] {
  const scored = records.filter((r): r is CaseRecord & { model: string } => r.model !== undefined);
  const scores = columnScores(
    scored.map((r) => ({ check: r.check as BehaviorCheck, model: r.model, status: r.status, measurements: r.measurements })),
  );
  return columns.map((column) => {
    const s = scores.get(column.id);
    const score = modelScore(scored.filter((r) => r.model === column.id));
    const cachedTrials = scored
      .filter((r) => r.model === column.id && r.check !== 'argument-correctness')
      .reduce((n, r) => n + (r.measurements.cachedTrials ?? 0), 0);
    return {
      id: column.id,
      provider: column.provider,
      ...(s?.selectionAccuracy === undefined ? {} : { selectionAccuracy: s.selectionAccuracy }),
      ...(s?.argumentCorrectness === undefined ? {} : { argumentCorrectness: s.argumentCorrectness }),
      ...(s?.sequenceCorrectness === undefined ? {} : { sequenceCorrectness: s.sequenceCorrectness }),
      ...(s?.overTriggerRate === undefined ? {} : { overTriggerRate: s.overTriggerRate }),
      ...(score === undefined ? {} : { score }),
      requests: s?.requests ?? 0,
      inputTokens: s?.inputTokens ?? 0,
      outputTokens: s?.outputTokens ?? 0,
      cachedTrials,
    };
  });
}
