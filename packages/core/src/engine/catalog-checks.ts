import { pushAll } from '@mcp-eval/protocol';

import type { Generator } from '../behavior/generator.js';
import type { InputSchema } from '../behavior/input-schema.js';
import type { Judge } from '../behavior/judge.js';
import type { CachedModelIdentity } from '../behavior/outcome-cache-key.js';
import { outcomeCacheKey } from '../behavior/outcome-cache-key.js';
import { cachedOutcomeFits } from '../behavior/cached-outcome-fits.js';
import { replayedTrial } from '../behavior/trial-labels.js';
import type { TrialOutcome } from '../behavior/trial-outcome.js';
import type { BehaviorCheckDefinition } from '../checks/behavior/behavior-check.js';
import type { CatalogCheckFacts, CatalogUnit, CatalogUnitResult, ScalingCase } from '../checks/behavior/catalog/catalog-check-facts.js';
import { findBehaviorCheck } from '../checks/behavior/index.js';
import type { CaseSpec } from '../manifest/manifest-types.js';
import type { ModelTool } from '../models/model-port.js';
import type { CaseRecord } from '../record.js';
import { caseColumns } from './behavior-case.js';
import type { BehaviorRoles } from './behavior-roles.js';
import type { BehaviorColumn, OutcomeStore } from './behavior-column.js';
import { foldCatalogCheck } from './fold-catalog-check.js';

/** Whether a check needs no golden case: it judges the catalog itself on every column. */
export function isCatalogCheck(id: string): boolean {
  return findBehaviorCheck(id)?.catalog !== undefined;
}

/** A role as the catalog checks use it: the judge or generator and what the cache keys it by. */
export interface CatalogRole<R> {
  readonly role: R;
  readonly identity: CachedModelIdentity;
}

export interface CatalogCheckContext {
  readonly tools: readonly ModelTool[];
  /** The `tools/list` entries as listed (annotations, for safety-resistance and overlap pairs). */
  readonly rawTools: readonly unknown[];
  readonly schemas: ReadonlyMap<string, InputSchema>;
  readonly columns: readonly BehaviorColumn[];
  readonly trials: number;
  readonly systemPrompt?: string;
  readonly cache?: OutcomeStore;
  readonly requireModels?: boolean;
  readonly judge?: CatalogRole<Judge>;
  readonly generator?: CatalogRole<Generator>;
  readonly golden: readonly ScalingCase[];
  readonly signal?: AbortSignal;
}

/** The run's roles (engine/behavior-roles.ts) as the catalog checks key and call them. */
export function catalogRoles(roles: BehaviorRoles | undefined): { judge?: CatalogRole<Judge>; generator?: CatalogRole<Generator> } {
  const judge = roles?.judge;
  const judgeIdentity = roles?.identity.judge;
  const generator = roles?.generator;
  const generatorIdentity = roles?.identity.generator;
  return {
    ...(judge === undefined || judgeIdentity === undefined ? {} : { judge: { role: judge, identity: judgeIdentity } }),
    ...(generator === undefined || generatorIdentity === undefined ? {} : { generator: { role: generator, identity: generatorIdentity } }),
  };
}

/** Outcomes worth replaying: judged ones (as the golden set's). */
const cacheable = (o: TrialOutcome): boolean => o.status === 'pass' || o.status === 'fail';

/** The roles' identities are part of every key: another judge or generator re-asks. */
function roleKey(check: BehaviorCheckDefinition, ctx: CatalogCheckContext): unknown {
  if (check.roles.judge === true) return { judge: ctx.judge?.identity ?? null, votes: ctx.judge?.role.votes ?? null };
  return { generator: ctx.generator?.identity ?? null };
}

/** What one (case, column) needs besides its units: the case, the column, the units asked once per run. */
interface CaseOnColumn {
  readonly spec: CaseSpec;
  readonly check: BehaviorCheckDefinition;
  readonly facts: CatalogCheckFacts;
  readonly column: BehaviorColumn;
  readonly shared: Map<string, Promise<TrialOutcome>>;
}

/** One unit: from the cache, `model-unavailable` on a column with no key, else asked (once per run when column-independent). */
async function unitResult(unit: CatalogUnit, at: CaseOnColumn, ctx: CatalogCheckContext): Promise<CatalogUnitResult> {
  const { spec, check, facts, column, shared } = at;
  const independent = facts.columnIndependent;
  const { models: _columns, ...decisive } = spec.params;
  const identity = independent ? (ctx.judge?.identity ?? column.identity) : column.identity;
  const key = outcomeCacheKey({
    case: {
      id: spec.id,
      check: spec.check,
      params: decisive,
      hostPrompt: ctx.systemPrompt ?? null,
      subject: unit.subject,
      roles: roleKey(check, ctx),
    },
    surface: unit.surface,
    model: identity,
    trial: unit.trial,
  });
  const hit = ctx.cache?.read(key);
  if (hit !== undefined && cachedOutcomeFits(check.cacheable, hit))
    return { subject: unit.subject, outcome: replayedTrial(hit), cached: true };
  if (!independent && !column.available) {
    const status = ctx.requireModels === true ? 'error' : 'skip';
    return { subject: unit.subject, outcome: { status, label: 'model-unavailable', measurements: { requests: 0 } }, cached: false };
  }
  let pending = independent ? shared.get(key) : undefined;
  if (pending === undefined) {
    pending = unit.run();
    if (independent) shared.set(key, pending);
    const outcome = await pending;
    if (ctx.cache !== undefined && cacheable(outcome)) ctx.cache.write(key, outcome);
  }
  return { subject: unit.subject, outcome: await pending, cached: false };
}

async function caseOnColumn(at: CaseOnColumn, ctx: CatalogCheckContext): Promise<CaseRecord> {
  const started = performance.now();
  const units = at.facts.units({
    spec: at.spec,
    columnId: at.column.id,
    column: {
      port: at.column.port,
      params: at.column.params,
      ...(ctx.systemPrompt === undefined ? {} : { systemPrompt: ctx.systemPrompt }),
      ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
    },
    tools: ctx.tools,
    rawTools: ctx.rawTools,
    schemas: ctx.schemas,
    trials: ctx.trials,
    ...(ctx.judge === undefined ? {} : { judge: ctx.judge.role }),
    ...(ctx.generator === undefined ? {} : { generator: ctx.generator.role }),
    golden: ctx.golden,
    ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
  });
  const results: CatalogUnitResult[] = [];
  if (units.kind === 'units') for (const unit of units.units) results.push(await unitResult(unit, at, ctx));
  return foldCatalogCheck(at.spec, at.column.id, at.facts, units, results, performance.now() - started);
}

/**
 * Runs every catalog-only case on every column (or its `models`): the units each check asks
 * (read from the outcome cache first; a full hit sends nothing), folded into one record per
 * (case, column). A column-independent check (description-clarity) asks each unit once and every
 * column's record carries the same outcomes.
 */
export async function evaluateCatalogChecks(specs: readonly CaseSpec[], ctx: CatalogCheckContext): Promise<CaseRecord[]> {
  const records: CaseRecord[] = [];
  const shared = new Map<string, Promise<TrialOutcome>>();
  for (const spec of specs) {
    const check = findBehaviorCheck(spec.check);
    const facts = check?.catalog;
    if (check === undefined || facts === undefined) continue;
    const only = caseColumns(spec);
    const columns = ctx.columns.filter((c) => only === undefined || only.includes(c.id));
    pushAll(records, await Promise.all(columns.map((column) => caseOnColumn({ spec, check, facts, column, shared }, ctx))));
  }
  return records;
}
