import type { Budget, BudgetKey } from '../manifest/budget-schema.js';
import { BUDGET_MEASUREMENTS } from '../manifest/budget-schema.js';
import type { CaseRecord, Finding } from '../record.js';
import type { BaselineLabel } from './baseline-labels.js';
import { DEFAULT_MAX_DROP } from './baseline-labels.js';

export interface BaselineOptions {
  /** The largest pass-rate drop allowed, 0-1. @default 0.02 */
  readonly maxDrop?: number;
  /** Each case's `budget` as the manifest wrote it, by case id. */
  readonly budgets?: Readonly<Record<string, Budget>>;
}

/**
 * How one case of this run met the baseline:
 * - `held`: compared, no regression;
 * - `regressed`: compared, and its pass rate dropped or a budgeted measurement grew too much;
 * - `new`: the baseline has no case with this id and check;
 * - `no-reference`: the baseline's case did not pass, so it is no standard to hold to;
 * - `not-compared`: this run's case did not pass (its own verdict already stands; a skip was not measured).
 */
export type CaseComparison = 'held' | 'regressed' | 'new' | 'no-reference' | 'not-compared';

export interface BaselineVerdict {
  readonly id: string;
  readonly comparison: CaseComparison;
  /** Labelled with `BASELINE_LABELS`; numbers only. */
  readonly findings: readonly Finding[];
}

export interface BaselineComparison {
  /** One per current record, in the same order. */
  readonly verdicts: readonly BaselineVerdict[];
  /**
   * The current records with the verdicts applied: a regressed case becomes `fail` with its first
   * regression's label; every verdict's findings are appended to its case's findings.
   */
  readonly records: readonly CaseRecord[];
  readonly counts: Readonly<Record<CaseComparison, number>>;
}

// Pass rates and growths are ratios of small integers and floats: don't fail on rounding noise.
const EPSILON = 1e-9;

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function capitalized(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function passRateFinding(current: CaseRecord, reference: CaseRecord, maxDrop: number): Finding | undefined {
  const drop = reference.passRate - current.passRate;
  if (drop <= maxDrop + EPSILON) return undefined;
  return {
    label: 'pass-rate-dropped' satisfies BaselineLabel,
    measurements: { passRate: current.passRate, baselinePassRate: reference.passRate, drop: round4(drop), maxDrop },
  };
}

function budgetFinding(key: BudgetKey, budget: number, current: CaseRecord, reference: CaseRecord): Finding | undefined {
  const name = BUDGET_MEASUREMENTS[key].measurement;
  const value = current.measurements[name];
  const baseline = reference.measurements[name];
  const pointer = `/budget/${key}`;
  if (value === undefined || baseline === undefined) return { label: 'budget-unmeasured' satisfies BaselineLabel, pointer };
  // From zero, any growth is infinitely many times the baseline: over every budget.
  const growth = baseline === 0 ? (value > 0 ? Number.POSITIVE_INFINITY : 0) : (value - baseline) / baseline;
  if (growth <= budget + EPSILON) return undefined;
  return {
    label: 'measurement-grew' satisfies BaselineLabel,
    pointer,
    measurements: {
      [name]: value,
      [`baseline${capitalized(name)}`]: baseline,
      ...(Number.isFinite(growth) ? { growth: round4(growth) } : {}),
      budget,
    },
  };
}

function compareCase(current: CaseRecord, reference: CaseRecord | undefined, options: Required<BaselineOptions>): BaselineVerdict {
  const verdict = (comparison: CaseComparison, findings: readonly Finding[] = []): BaselineVerdict => ({
    id: current.id,
    comparison,
    findings,
  });
  if (reference === undefined || reference.check !== current.check) return verdict('new');
  if (current.status !== 'pass') return verdict('not-compared');
  if (reference.status !== 'pass') return verdict('no-reference');
  const findings: Finding[] = [];
  const dropped = passRateFinding(current, reference, options.maxDrop);
  if (dropped) findings.push(dropped);
  for (const [key, budget] of Object.entries(options.budgets[current.id] ?? {})) {
    const grew = budgetFinding(key as BudgetKey, budget, current, reference);
    if (grew) findings.push(grew);
  }
  const regressed = findings.some((f) => f.label !== ('budget-unmeasured' satisfies BaselineLabel));
  return verdict(regressed ? 'regressed' : 'held', findings);
}

/**
 * Compares this run's records with a baseline run's, case by case (matched by id and check): a
 * case that passed its own gate fails when its pass rate dropped by more than `maxDrop`, or when
 * a measurement it budgets grew over the baseline's by more than its budget. Cases new since the
 * baseline, and cases the baseline did not pass, are held only to their own gates. Pure: numbers
 * in, numbers out.
 */
export function compareWithBaseline(
  current: readonly CaseRecord[],
  baseline: readonly CaseRecord[],
  options: BaselineOptions = {},
): BaselineComparison {
  const maxDrop = options.maxDrop ?? DEFAULT_MAX_DROP;
  if (!Number.isFinite(maxDrop) || maxDrop < 0 || maxDrop > 1) throw new RangeError('baseline: maxDrop must be a number from 0 to 1');
  const resolved: Required<BaselineOptions> = { maxDrop, budgets: options.budgets ?? {} };
  const references = new Map(baseline.map((record) => [record.id, record]));
  const counts: Record<CaseComparison, number> = { held: 0, regressed: 0, new: 0, 'no-reference': 0, 'not-compared': 0 };
  const verdicts = current.map((record) => compareCase(record, references.get(record.id), resolved));
  const records = current.map((record, i): CaseRecord => {
    const verdict = verdicts[i];
    if (verdict === undefined) return record;
    counts[verdict.comparison] += 1;
    if (verdict.findings.length === 0) return record;
    const findings = [...(record.findings ?? []), ...verdict.findings];
    if (verdict.comparison !== 'regressed') return { ...record, findings };
    const first = verdict.findings.find((f) => f.label !== ('budget-unmeasured' satisfies BaselineLabel));
    return { ...record, status: 'fail', label: first?.label ?? 'pass-rate-dropped', findings };
  });
  return { verdicts, records, counts };
}
