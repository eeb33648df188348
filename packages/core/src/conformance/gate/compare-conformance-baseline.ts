import type { BaselineComparison, BaselineVerdict, CaseComparison } from '../../baseline/compare-with-baseline.js';
import type { BaselineLabel } from '../../baseline/baseline-labels.js';
import type { CaseRecord, RecordEra, Status } from '../../record.js';
import type { AssertionLevelLabel } from './apply-assertion-levels.js';
import type { ExpectedFailureLabel } from './apply-expected-failures.js';

/** The era a report's records ran in when they do not say theirs (a single-era run): from its negotiated revision. */
export interface ConformanceBaselineScope {
  readonly era?: RecordEra;
  readonly baselineEra?: RecordEra;
}

/** The assertion's own verdict, before an expected-failures file or its SHOULD level relabelled it. */
function ownStatus(record: CaseRecord): Status {
  if (record.label === ('accepted-failure' satisfies ExpectedFailureLabel)) return 'fail';
  if (record.label === ('should-unmet' satisfies AssertionLevelLabel)) return 'fail';
  if (record.label === ('stale-expected-failure' satisfies ExpectedFailureLabel)) return 'pass';
  return record.status;
}

function key(record: CaseRecord, era: RecordEra | undefined): string {
  return `${record.check}\u0000${record.id}\u0000${record.era ?? era ?? ''}`;
}

/** `unknown-tool-error [legacy]` where the era tells two records apart, else the id. */
function verdictId(record: CaseRecord): string {
  return record.era === undefined ? record.id : `${record.id} [${record.era}]`;
}

/**
 * Compares a conformance run with a previous conformance report, assertion by assertion (matched
 * by check, id and era; a single-era report's records take its era). An assertion that passed
 * there and fails or errors here has regressed: it keeps its own status and label, and gains a
 * `pass-rate-dropped` finding (its pass rate went from 1 to 0; conformance allows no drop). One
 * that passes in both held; one new since the baseline, or not passing there, is held to its own
 * verdict (`new`, `no-reference`); a failure here that was no pass there is `not-compared` (it
 * fails on its own). An expected-failures relabelling on either side is looked through: an
 * accepted failure was a failure. Pure.
 */
export function compareConformanceBaseline(
  current: readonly CaseRecord[],
  baseline: readonly CaseRecord[],
  scope: ConformanceBaselineScope = {},
): BaselineComparison {
  const references = new Map(baseline.map((record) => [key(record, scope.baselineEra), record]));
  const counts: Record<CaseComparison, number> = { held: 0, regressed: 0, new: 0, 'no-reference': 0, 'not-compared': 0 };
  const verdicts: BaselineVerdict[] = [];
  const records = current.map((record): CaseRecord => {
    const reference = references.get(key(record, scope.era));
    const now = ownStatus(record);
    const was = reference === undefined ? undefined : ownStatus(reference);
    let comparison: CaseComparison;
    if (reference === undefined) comparison = 'new';
    else if (now === 'pass') comparison = was === 'pass' ? 'held' : 'no-reference';
    else if ((now === 'fail' || now === 'error') && was === 'pass') comparison = 'regressed';
    else comparison = 'not-compared';
    counts[comparison] += 1;
    if (comparison !== 'regressed' || reference === undefined) {
      verdicts.push({ id: verdictId(record), comparison, findings: [] });
      return record;
    }
    const finding = {
      label: 'pass-rate-dropped' satisfies BaselineLabel,
      measurements: {
        passRate: record.passRate,
        baselinePassRate: reference.passRate,
        drop: reference.passRate - record.passRate,
        maxDrop: 0,
      },
    };
    verdicts.push({ id: verdictId(record), comparison, findings: [finding] });
    return { ...record, findings: [...(record.findings ?? []), finding] };
  });
  return { verdicts, records, counts };
}
