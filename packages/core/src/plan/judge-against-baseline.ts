import type { ModelBaselineComparison } from '../behavior/compare-model-baseline.js';
import { applyModelBaseline } from '../baseline/apply-model-baseline.js';
import { DEFAULT_MAX_DROP } from '../baseline/baseline-labels.js';
import type { BaselineComparison } from '../baseline/compare-with-baseline.js';
import { compareWithBaseline } from '../baseline/compare-with-baseline.js';
import { compareCatalogs } from '../drift/compare-catalogs.js';
import type { DriftFailOn } from '../drift/drift-labels.js';
import { DEFAULT_DRIFT_FAIL_ON } from '../drift/drift-labels.js';
import { driftRecords } from '../drift/drift-records.js';
import type { Budget } from '../manifest/budget-schema.js';
import type { CaseSpec } from '../manifest/manifest-types.js';
import type { CaseRecord, CatalogFingerprints, RunReport } from '../record.js';

export interface BaselineJudgementInput {
  /** The run's deterministic records, then its behavior (model) records. */
  readonly records: readonly CaseRecord[];
  readonly modelRecords: readonly CaseRecord[];
  readonly baseline: RunReport;
  /** The manifest's cases: their budgets. */
  readonly cases: readonly CaseSpec[];
  readonly maxDrop?: number | undefined;
  readonly failOnInconclusive: boolean;
  /** The run's catalog fingerprints, compared with the baseline's for drift. */
  readonly catalog: CatalogFingerprints | undefined;
  /** The manifest's `drift.fail_on`. */
  readonly driftFailOn: DriftFailOn | undefined;
}

export interface BaselineJudgement {
  /** Every record, judged: deterministic, then model, then drift. */
  readonly records: readonly CaseRecord[];
  /** Absent against a snapshot, which has no verdicts to compare with. */
  readonly comparison?: BaselineComparison;
  readonly modelComparison?: ModelBaselineComparison;
}

/**
 * The baseline steps of a run (or of a merge, over every shard's records): deterministic records by
 * pass-rate drop and budgets, model records by the Newcombe interval per case and pooled per column
 * (neither against a `snapshot`), then one drift record per change between the two catalogs
 * (docs/drift.md; none when either side has no catalog).
 */
export function judgeAgainstBaseline(input: BaselineJudgementInput): BaselineJudgement {
  const { baseline, catalog } = input;
  const drift =
    baseline.catalog === undefined || catalog === undefined
      ? []
      : driftRecords(compareCatalogs(baseline.catalog, catalog), input.driftFailOn ?? DEFAULT_DRIFT_FAIL_ON);
  if (baseline.command === 'snapshot') return { records: [...input.records, ...input.modelRecords, ...drift] };
  const budgets: Record<string, Budget> = {};
  for (const c of input.cases) if (c.budget !== undefined) budgets[c.id] = c.budget;
  const comparison = compareWithBaseline(
    input.records,
    baseline.cases.filter((c) => c.kind !== 'behavior'),
    { maxDrop: input.maxDrop ?? DEFAULT_MAX_DROP, budgets },
  );
  const judged = applyModelBaseline(input.modelRecords, baseline.cases, input.failOnInconclusive);
  return { records: [...comparison.records, ...judged.records, ...drift], comparison, modelComparison: judged.comparison };
}
