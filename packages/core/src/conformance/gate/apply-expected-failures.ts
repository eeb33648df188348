import type { CaseRecord, Finding, RecordEra } from '../../record.js';
import type { ExpectedFailure } from './expected-failures.js';

/** Labels `--expected-failures` puts on a conformance record, whatever its assertion. */
export const EXPECTED_FAILURE_LABELS = {
  'accepted-failure':
    "The assertion failed and the expected-failures file accepts that failure: the record passes the gate, its own failure label kept beside it as a suppressed finding (the entry's justification stays in the file).",
  'stale-expected-failure':
    'The assertion passed, but the expected-failures file still lists it as a known failure: the record fails until the stale entry is removed, so the list cannot hide a later regression (its own pass label is kept as a finding).',
} as const;

export type ExpectedFailureLabel = keyof typeof EXPECTED_FAILURE_LABELS;

/** What a record is matched on besides its assertion id. */
export interface ExpectedFailureScope {
  readonly transport: 'stdio' | 'http';
  /** The run's era, for records that do not say theirs (a single-era run). */
  readonly era?: RecordEra;
}

export interface ExpectedFailuresApplied {
  /** The records in the same order, accepted failures passing and stale entries failing. */
  readonly records: readonly CaseRecord[];
  readonly accepted: number;
  readonly stale: number;
  /** Entries that matched no assertion that passed or failed here (none ran, or every match was skipped or could not run). */
  readonly unused: readonly ExpectedFailure[];
}

function matches(entry: ExpectedFailure, record: CaseRecord, scope: ExpectedFailureScope): boolean {
  if (record.kind !== 'conformance' || record.check !== entry.check) return false;
  if (entry.transport !== undefined && entry.transport !== scope.transport) return false;
  return entry.era === undefined || entry.era === (record.era ?? scope.era);
}

function relabel(record: CaseRecord, status: 'pass' | 'fail', label: ExpectedFailureLabel): CaseRecord {
  const own: Finding[] = record.label === undefined ? [] : [{ label: record.label, ...(status === 'pass' ? { suppressed: true } : {}) }];
  return { ...record, status, label, findings: [...(record.findings ?? []), ...own] };
}

/**
 * Holds conformance records to a list of accepted failures: a failing assertion an entry names
 * passes with `accepted-failure`; a passing one fails with `stale-expected-failure`. Skips and
 * errors are left as they are (nothing was judged). Pure: records in, records out.
 */
export function applyExpectedFailures(
  records: readonly CaseRecord[],
  entries: readonly ExpectedFailure[],
  scope: ExpectedFailureScope,
): ExpectedFailuresApplied {
  const used = new Set<ExpectedFailure>();
  let accepted = 0;
  let stale = 0;
  const out = records.map((record) => {
    const matched = entries.filter((candidate) => matches(candidate, record, scope));
    if (matched.length === 0 || (record.status !== 'fail' && record.status !== 'pass')) return record;
    for (const entry of matched) used.add(entry);
    if (record.status === 'fail') {
      accepted += 1;
      return relabel(record, 'pass', 'accepted-failure');
    }
    stale += 1;
    return relabel(record, 'fail', 'stale-expected-failure');
  });
  return { records: out, accepted, stale, unused: entries.filter((entry) => !used.has(entry)) };
}
