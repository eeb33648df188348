import type { ModelBaselineComparison } from '../behavior/compare-model-baseline.js';
import { compareModelBaseline } from '../behavior/compare-model-baseline.js';
import type { DeltaComparison, DeltaVerdict } from '../models/newcombe.js';
import type { CaseRecord, Finding } from '../record.js';

/** The verdicts `--baseline` puts on a model record (docs/model-layer.md), as finding labels. */
export const MODEL_BASELINE_LABELS = {
  regressed:
    'The Newcombe interval on (current − baseline) pass rate lies wholly below 0: a real drop, not noise (numbers: diffLow, diffHigh, baselinePasses, baselineTrials). Fails the record; pointer `/pooled` when the column pooled over its cases regressed.',
  held: 'The interval reaches 0 or above and is narrow enough to tell: no drop beyond noise.',
  inconclusive: 'Too few trials to tell a drop from noise; fails the record only with `golden.fail_on_inconclusive: true`.',
} as const satisfies Record<DeltaVerdict, string>;

export interface ModelBaselineResult {
  readonly records: readonly CaseRecord[];
  readonly comparison: ModelBaselineComparison;
}

const round4 = (n: number): number => Math.round(n * 10_000) / 10_000;

function finding(delta: DeltaComparison & { baseline?: { passes: number; trials: number } }, pointer?: string): Finding {
  return {
    label: delta.verdict,
    ...(pointer === undefined ? {} : { pointer }),
    measurements: { diffLow: round4(delta.interval.low), diffHigh: round4(delta.interval.high), difference: round4(delta.difference) },
  };
}

const key = (id: string, check: string, model: string | undefined) => JSON.stringify([id, check, model ?? '']);

/**
 * `--baseline` for model records: each (case, check, column) both runs judged, and each column
 * pooled per check, by the Newcombe interval. A `regressed` case fails its record (label
 * `regressed`); a pooled column regression fails every compared record of that column and check
 * (pointer `/pooled`); `inconclusive` fails only with `failOnInconclusive`. Deterministic records
 * are not touched here: they keep `--max-drop`.
 */
export function applyModelBaseline(
  current: readonly CaseRecord[],
  baseline: readonly CaseRecord[],
  failOnInconclusive: boolean,
): ModelBaselineResult {
  const asCompared = (r: CaseRecord) => ({ id: r.id, check: r.check, model: r.model ?? '', measurements: r.measurements });
  const comparison = compareModelBaseline(
    baseline.filter((r) => r.kind === 'behavior').map(asCompared),
    current.filter((r) => r.kind === 'behavior').map(asCompared),
  );
  const cases = new Map(comparison.cases.map((d) => [key(d.id, d.check, d.model), d]));
  const pooled = new Map(comparison.columns.map((d) => [JSON.stringify([d.model, d.check]), d]));
  const fails = (verdict: DeltaVerdict) => verdict === 'regressed' || (verdict === 'inconclusive' && failOnInconclusive);
  const records = current.map((record): CaseRecord => {
    if (record.kind !== 'behavior') return record;
    const delta = cases.get(key(record.id, record.check, record.model));
    if (delta === undefined) return record;
    const column = pooled.get(JSON.stringify([record.model ?? '', record.check]));
    const findings = [...(record.findings ?? []), finding(delta)];
    if (column !== undefined && column.verdict === 'regressed') findings.push(finding(column, '/pooled'));
    const failing = fails(delta.verdict) ? delta.verdict : column?.verdict === 'regressed' ? 'regressed' : undefined;
    if (failing === undefined || record.status !== 'pass') return { ...record, findings };
    return { ...record, status: 'fail', label: failing, findings };
  });
  return { records, comparison };
}
