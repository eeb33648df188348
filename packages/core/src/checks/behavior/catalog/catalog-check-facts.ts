import type { AskedColumn } from '../../../behavior/catalog-units.js';
import type { Generator } from '../../../behavior/generator.js';
import type { InputSchema } from '../../../behavior/input-schema.js';
import type { Judge } from '../../../behavior/judge.js';
import type { TrialOutcome } from '../../../behavior/trial-outcome.js';
import type { ModelTool } from '../../../models/model-port.js';
import type { Finding, Measurements, Status } from '../../../record.js';

/** A golden tool-selection case catalog-scaling measures (its task and the tool it expects). */
export interface ScalingCase {
  readonly id: string;
  readonly task: string;
  readonly tool: string;
  readonly acceptPrerequisite: readonly string[];
  /** The columns the case runs on; undefined is all. */
  readonly columns: readonly string[] | undefined;
}

/** What a catalog-only check's units are built from: the catalog, one column, the roles. */
export interface CatalogUnitContext {
  /** The case's id (a seed) and its parameters as the manifest gave them. */
  readonly spec: { readonly id: string; readonly params: Readonly<Record<string, unknown>> };
  readonly columnId: string;
  readonly column: AskedColumn;
  readonly tools: readonly ModelTool[];
  /** The `tools/list` entries as listed (annotations, for safety-resistance and overlap pairs). */
  readonly rawTools: readonly unknown[];
  readonly schemas: ReadonlyMap<string, InputSchema>;
  readonly trials: number;
  readonly judge?: Judge;
  readonly generator?: Generator;
  readonly golden: readonly ScalingCase[];
  readonly signal?: AbortSignal;
}

/** One unit of work: a cache key's parts and how to get its outcome when the cache misses. */
export interface CatalogUnit {
  /** What the unit is about (tool name, pair, case id): part of its key, reported through `safeToolName` only. */
  readonly subject: string;
  readonly trial: number;
  /** Hash of everything the unit's verdict depends on besides the case and column. */
  readonly surface: string;
  readonly run: () => Promise<TrialOutcome>;
}

export type CatalogUnits =
  | { readonly kind: 'units'; readonly units: readonly CatalogUnit[]; readonly extra?: Readonly<Record<string, number>> }
  /** Nothing to ask: `pass` when the absence is itself a verdict on the catalog, else `skip`. */
  | { readonly kind: 'missing'; readonly label: string; readonly status: 'pass' | 'skip' };

/** One unit's outcome, with what it was about (a tool name or a golden case id). */
export interface CatalogUnitResult {
  readonly subject: string;
  readonly outcome: TrialOutcome;
  readonly cached: boolean;
}

export interface CatalogVerdict {
  readonly status: Status;
  readonly label: string;
  readonly measurements: Measurements;
  readonly findings?: Finding[];
}

/** What the engine asks of a catalog-only check (engine/catalog-checks.ts loops over these). */
export interface CatalogCheckFacts {
  /**
   * The verdicts do not depend on the column (only the judge is asked): each unit is asked once
   * per run, keyed by the judge, and every column's record carries the same outcomes.
   */
  readonly columnIndependent: boolean;
  readonly units: (ctx: CatalogUnitContext) => CatalogUnits;
  /** The record's verdict from units that all got one (a failure decides the record before). */
  readonly verdict: (
    params: Readonly<Record<string, unknown>>,
    results: readonly CatalogUnitResult[],
    extra: Readonly<Record<string, number>>,
  ) => CatalogVerdict;
}
