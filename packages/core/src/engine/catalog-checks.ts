import { createHash } from 'node:crypto';
import type { JsonObject } from '@mcp-eval/protocol';
import { isRecord, pushAll } from '@mcp-eval/protocol';

import type { AskedColumn } from '../behavior/catalog-units.js';
import { argumentsFor, generateRequest, judgeClarity, resistFor, selectFor } from '../behavior/catalog-units.js';
import { annotatedEffect } from '../behavior/destructive-tools.js';
import type { Generator } from '../behavior/generator.js';
import type { InputSchema } from '../behavior/input-schema.js';
import type { Judge } from '../behavior/judge.js';
import type { CachedModelIdentity } from '../behavior/outcome-cache-key.js';
import { canonicalJson, outcomeCacheKey } from '../behavior/outcome-cache-key.js';
import { overlapPairs } from '../behavior/overlap-pairs.js';
import { SCALING_FACTORS, scaledCatalog } from '../behavior/synthetic-distractors.js';
import { cachedOutcomeFits } from '../behavior/cached-outcome-fits.js';
import { replayedTrial } from '../behavior/trial-labels.js';
import type { TrialOutcome } from '../behavior/trial-outcome.js';
import { entryTokens } from '../checks/token-cost.js';
import type { CaseSpec } from '../manifest/manifest-types.js';
import type { ModelTool } from '../models/model-port.js';
import type { CaseRecord } from '../record.js';
import { caseColumns } from './behavior-case.js';
import type { BehaviorRoles } from './behavior-roles.js';
import type { BehaviorColumn, OutcomeStore } from './behavior-column.js';
import { foldCatalogCheck } from './fold-catalog-check.js';
import type { CatalogUnitResult } from './fold-catalog-check.js';

/** The checks that need no golden case: each judges the catalog itself on every column. */
export const CATALOG_CHECK_IDS = [
  'description-clarity',
  'overlap-disambiguation',
  'safety-resistance',
  'argument-generation',
  'catalog-scaling',
] as const;
export type CatalogCheckId = (typeof CATALOG_CHECK_IDS)[number];

export function isCatalogCheck(id: string): id is CatalogCheckId {
  return (CATALOG_CHECK_IDS as readonly string[]).includes(id);
}

/** A role as the catalog checks use it: the judge or generator and what the cache keys it by. */
export interface CatalogRole<R> {
  readonly role: R;
  readonly identity: CachedModelIdentity;
}

/** A golden tool-selection case catalog-scaling measures (its task and the tool it expects). */
export interface ScalingCase {
  readonly id: string;
  readonly task: string;
  readonly tool: string;
  readonly acceptPrerequisite: readonly string[];
  /** The columns the case runs on; undefined is all. */
  readonly columns: readonly string[] | undefined;
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

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const toolHash = (tool: ModelTool): string => sha256(canonicalJson(tool));

/** One unit of work: a cache key's parts and how to get its outcome when the cache misses. */
interface Unit {
  /** What the unit is about (tool name, pair, case id): part of its key, reported through `safeToolName` only. */
  readonly subject: string;
  readonly trial: number;
  /** Hash of everything the unit's verdict depends on besides the case and column. */
  readonly surface: string;
  readonly run: () => Promise<TrialOutcome>;
}

/** Outcomes worth replaying: judged ones (as the golden set's). */
const cacheable = (o: TrialOutcome): boolean => o.status === 'pass' || o.status === 'fail';

/**
 * Runs every catalog-only case on every column (or its `models`): the units each check asks
 * (read from the outcome cache first; a full hit sends nothing), folded into one record per
 * (case, column). description-clarity's verdicts do not depend on the column: the judge is asked
 * once per tool and every column's record carries the same ratings.
 */
export async function evaluateCatalogChecks(specs: readonly CaseSpec[], ctx: CatalogCheckContext): Promise<CaseRecord[]> {
  const records: CaseRecord[] = [];
  const shared = new Map<string, Promise<TrialOutcome>>();
  for (const spec of specs) {
    if (!isCatalogCheck(spec.check)) continue;
    const only = caseColumns(spec);
    const columns = ctx.columns.filter((c) => only === undefined || only.includes(c.id));
    const perColumn = await Promise.all(
      columns.map(async (column) => {
        const started = performance.now();
        const units = unitsFor(spec, spec.check as CatalogCheckId, column, ctx);
        const results: CatalogUnitResult[] = [];
        if (units.kind === 'missing') return foldCatalogCheck(spec, column.id, units, [], performance.now() - started);
        const { models: _columns, ...decisive } = spec.params;
        const independent = spec.check === 'description-clarity';
        for (const unit of units.units) {
          const identity = independent ? (ctx.judge?.identity ?? column.identity) : column.identity;
          const key = outcomeCacheKey({
            case: {
              id: spec.id,
              check: spec.check,
              params: decisive,
              hostPrompt: ctx.systemPrompt ?? null,
              subject: unit.subject,
              roles: roleKey(spec.check, ctx),
            },
            surface: unit.surface,
            model: identity,
            trial: unit.trial,
          });
          const hit = ctx.cache?.read(key);
          if (hit !== undefined && cachedOutcomeFits(spec.check, hit)) {
            results.push({ subject: unit.subject, outcome: replayedTrial(hit), cached: true });
            continue;
          }
          if (!independent && !column.available) {
            const status = ctx.requireModels === true ? 'error' : 'skip';
            results.push({
              subject: unit.subject,
              outcome: { status, label: 'model-unavailable', measurements: { requests: 0 } },
              cached: false,
            });
            continue;
          }
          let pending = independent ? shared.get(key) : undefined;
          if (pending === undefined) {
            pending = unit.run();
            if (independent) shared.set(key, pending);
            const outcome = await pending;
            if (ctx.cache !== undefined && cacheable(outcome)) ctx.cache.write(key, outcome);
          }
          results.push({ subject: unit.subject, outcome: await pending, cached: false });
        }
        return foldCatalogCheck(spec, column.id, units, results, performance.now() - started);
      }),
    );
    pushAll(records, perColumn);
  }
  return records;
}

/** The roles' identities are part of every key: another judge or generator re-asks. */
function roleKey(check: string, ctx: CatalogCheckContext): unknown {
  if (check === 'description-clarity') return { judge: ctx.judge?.identity ?? null, votes: ctx.judge?.role.votes ?? null };
  return { generator: ctx.generator?.identity ?? null };
}

export type CatalogUnits =
  | { readonly kind: 'units'; readonly units: readonly Unit[]; readonly extra?: Readonly<Record<string, number>> }
  | { readonly kind: 'missing'; readonly label: 'no-judge' | 'no-generator' | 'no-requests' | 'no-overlap' | 'no-read-only-tools' };

function asked(column: BehaviorColumn, ctx: CatalogCheckContext): AskedColumn {
  return {
    port: column.port,
    params: column.params,
    ...(ctx.systemPrompt === undefined ? {} : { systemPrompt: ctx.systemPrompt }),
    ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
  };
}

const trialsOf = (n: number): number[] => Array.from({ length: n }, (_, k) => k);

function unitsFor(spec: CaseSpec, check: CatalogCheckId, column: BehaviorColumn, ctx: CatalogCheckContext): CatalogUnits {
  const col = asked(column, ctx);
  const signal = ctx.signal;
  const generator = ctx.generator?.role;
  switch (check) {
    case 'description-clarity': {
      const judge = ctx.judge?.role;
      if (judge === undefined) return { kind: 'missing', label: 'no-judge' };
      return {
        kind: 'units',
        units: ctx.tools.map((tool) => ({
          subject: tool.name,
          trial: 0,
          surface: toolHash(tool),
          run: () => judgeClarity(judge, tool, signal),
        })),
      };
    }
    case 'overlap-disambiguation': {
      const pairs = overlapPairs(ctx.rawTools);
      if (pairs.length === 0) return { kind: 'missing', label: 'no-overlap' };
      if (generator === undefined) return { kind: 'missing', label: 'no-generator' };
      const surface = sha256(canonicalJson(ctx.tools));
      const byIndex = rawIndexToTool(ctx);
      const units: Unit[] = [];
      // A tool in two pairs is asked about once: the question is whether its request reaches it.
      const indexes = [...new Set(pairs.flatMap((pair) => [pair.first, pair.second]))];
      for (const index of indexes) {
        const tool = byIndex.get(index);
        if (tool === undefined) continue;
        for (const trial of trialsOf(ctx.trials)) {
          units.push({
            subject: tool.name,
            trial,
            surface,
            run: async () => {
              const request = await generateRequest(generator, 'select', tool, signal);
              return request.kind === 'failed' ? request.outcome : selectFor(col, ctx.tools, request.text, tool.name);
            },
          });
        }
      }
      return { kind: 'units', units };
    }
    case 'safety-resistance': {
      const readOnly = effectTools(ctx, 'read-only');
      if (readOnly.length === 0) return { kind: 'missing', label: 'no-read-only-tools' };
      if (generator === undefined) return { kind: 'missing', label: 'no-generator' };
      const destructive = new Set(effectTools(ctx, 'destructive').map((t) => t.name));
      const surface = sha256(canonicalJson([ctx.tools, [...destructive]]));
      return {
        kind: 'units',
        units: readOnly.flatMap((tool) =>
          trialsOf(ctx.trials).map((trial) => ({
            subject: tool.name,
            trial,
            surface,
            run: async () => {
              const request = await generateRequest(generator, 'benign', tool, signal);
              return request.kind === 'failed' ? request.outcome : resistFor(col, ctx.tools, request.text, destructive);
            },
          })),
        ),
      };
    }
    case 'argument-generation': {
      if (generator === undefined) return { kind: 'missing', label: 'no-generator' };
      return {
        kind: 'units',
        units: ctx.tools.flatMap((tool) =>
          trialsOf(ctx.trials).map((trial) => ({
            subject: tool.name,
            trial,
            surface: toolHash(tool),
            run: async () => {
              const request = await generateRequest(generator, 'arguments', tool, signal);
              const schema = ctx.schemas.get(tool.name);
              if (request.kind === 'failed') return request.outcome;
              return schema === undefined
                ? { status: 'error', label: 'evaluator-error', measurements: {} }
                : argumentsFor(col, tool, schema, request.text);
            },
          })),
        ),
      };
    }
    case 'catalog-scaling':
      return scalingUnits(spec, column, ctx, col);
  }
}

/** The listed tools whose annotations give `effect`, as handed to the model. */
function effectTools(ctx: CatalogCheckContext, effect: 'read-only' | 'destructive'): ModelTool[] {
  const byName = new Map(ctx.tools.map((t) => [t.name, t]));
  return ctx.rawTools.flatMap((raw) => {
    if (!isRecord(raw) || typeof raw.name !== 'string') return [];
    const tool = byName.get(raw.name);
    return tool !== undefined && annotatedEffect(raw.annotations) === effect ? [tool] : [];
  });
}

function rawIndexToTool(ctx: CatalogCheckContext): Map<number, ModelTool> {
  const byName = new Map(ctx.tools.map((t) => [t.name, t]));
  const out = new Map<number, ModelTool>();
  ctx.rawTools.forEach((raw, index) => {
    const tool = isRecord(raw) && typeof raw.name === 'string' ? byName.get(raw.name) : undefined;
    if (tool !== undefined) out.set(index, tool);
  });
  return out;
}

/**
 * catalog-scaling: each request (a golden tool-selection case on this column, else one generated
 * per tool) asked at 1×, 2× and 4× the catalog; one unit per request and trial holds all three
 * answers, so a generated request is written once and reused at every size.
 */
function scalingUnits(spec: CaseSpec, column: BehaviorColumn, ctx: CatalogCheckContext, col: AskedColumn): CatalogUnits {
  const seed = spec.id;
  const catalogs = SCALING_FACTORS.map((factor) => ({ factor, tools: scaledCatalog(ctx.tools, factor, seed) }));
  const extra: Record<string, number> = {};
  for (const { factor, tools } of catalogs) {
    extra[`toolsAt${String(factor)}x`] = tools.length;
    extra[`catalogTokensAt${String(factor)}x`] = tools.reduce((n, t) => n + entryTokens(t as unknown as JsonObject), 0);
  }
  const surface = sha256(canonicalJson(catalogs.map((c) => c.tools)));
  const atEverySize = async (request: string, tool: string, accepted: readonly string[]): Promise<TrialOutcome> => {
    const measurements: Record<string, number> = { requests: 0, inputTokens: 0, outputTokens: 0 };
    let status: TrialOutcome['status'] = 'pass';
    for (const { factor, tools } of catalogs) {
      const outcome = await selectFor(col, tools, request, tool, accepted);
      if (outcome.status === 'error' || outcome.status === 'skip') return outcome;
      const at = `${String(factor)}x`;
      measurements[`correctAt${at}`] = outcome.status === 'pass' ? 1 : 0;
      measurements[`inputTokensAt${at}`] = outcome.measurements.inputTokens ?? 0;
      for (const k of ['requests', 'inputTokens', 'outputTokens'])
        measurements[k] = (measurements[k] ?? 0) + (outcome.measurements[k] ?? 0);
      // A request passes only when it reaches its tool at every size (the record's pass rate says how many held).
      if (outcome.status === 'fail') status = 'fail';
    }
    return { status, label: status === 'pass' ? 'correct' : 'incorrect', measurements };
  };
  const golden = ctx.golden.filter((g) => g.columns === undefined || g.columns.includes(column.id));
  if (golden.length > 0) {
    return {
      kind: 'units',
      extra,
      units: golden.flatMap((g) =>
        trialsOf(ctx.trials).map((trial) => ({
          subject: g.id,
          trial,
          surface: sha256(canonicalJson([surface, g.task, g.tool, g.acceptPrerequisite])),
          run: () => atEverySize(g.task, g.tool, g.acceptPrerequisite),
        })),
      ),
    };
  }
  const generator = ctx.generator?.role;
  if (generator === undefined) return { kind: 'missing', label: 'no-requests' };
  return {
    kind: 'units',
    extra,
    units: ctx.tools.flatMap((tool) =>
      trialsOf(ctx.trials).map((trial) => ({
        subject: tool.name,
        trial,
        surface,
        run: async () => {
          const request = await generateRequest(generator, 'select', tool, ctx.signal);
          return request.kind === 'failed' ? request.outcome : atEverySize(request.text, tool.name, []);
        },
      })),
    ),
  };
}
