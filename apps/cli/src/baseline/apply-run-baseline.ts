import type { Budget, CaseRecord, CaseSpec, CatalogFingerprints, DriftFailOn, RunReport } from '@mcp-eval/core';
import { applyModelBaseline, compareWithBaseline, DEFAULT_MAX_DROP } from '@mcp-eval/core';

import type { Io } from '../io.js';
import { writeModelBaselineNote } from '../models/model-baseline-note.js';
import { applyDrift } from './apply-drift.js';
import { writeBaselineNote } from './baseline-note.js';

export interface RunBaselineInput {
  /** The run's deterministic records, then its behavior (model) records. */
  readonly records: readonly CaseRecord[];
  readonly modelRecords: readonly CaseRecord[];
  readonly baseline: RunReport;
  /** The manifest's cases: their budgets. */
  readonly cases: readonly CaseSpec[];
  readonly maxDrop: number | undefined;
  readonly failOnInconclusive: boolean;
  /** The run's catalog fingerprints, compared with the baseline's for drift. */
  readonly catalog: CatalogFingerprints | undefined;
  /** The manifest's `drift.fail_on`. */
  readonly driftFailOn: DriftFailOn | undefined;
}

/**
 * `--baseline` for a `run` and for `merge` (over every shard's records), one function for both:
 * deterministic records by pass-rate drop and budgets, model records by the Newcombe interval per
 * case and pooled per column (neither against a `snapshot`, which has no verdicts), then the drift
 * records of the two catalogs. Notes go to stderr; returns every record, judged.
 */
export function applyRunBaseline(io: Io, input: RunBaselineInput): CaseRecord[] {
  const drift = applyDrift(input.baseline, input.catalog, input.driftFailOn);
  if (input.baseline.command === 'snapshot') return [...input.records, ...input.modelRecords, ...drift];
  const budgets: Record<string, Budget> = {};
  for (const c of input.cases) if (c.budget !== undefined) budgets[c.id] = c.budget;
  const comparison = compareWithBaseline(
    input.records,
    input.baseline.cases.filter((c) => c.kind !== 'behavior'),
    { maxDrop: input.maxDrop ?? DEFAULT_MAX_DROP, budgets },
  );
  const judged = applyModelBaseline(input.modelRecords, input.baseline.cases, input.failOnInconclusive);
  writeModelBaselineNote(io, judged.comparison);
  writeBaselineNote(io, comparison, input.baseline.cases);
  return [...comparison.records, ...judged.records, ...drift];
}
