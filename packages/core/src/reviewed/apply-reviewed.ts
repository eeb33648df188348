import { copyCaseRecord } from '../copy-record.js';
import type { CaseRecord, Finding, ReviewedEntryState, ReviewedState } from '../record.js';
import type { ReviewedEntry } from './reviewed-entry.js';
import { isExpired } from './reviewed-entry.js';

export interface ReviewedOutcome {
  /** The records in their order, each one an entry accepted marked `reviewed` with the entry's location. */
  readonly records: readonly CaseRecord[];
  /** Every entry once, in file order, with its state. */
  readonly entries: readonly ReviewedEntryState[];
}

function toolMatches(entry: ReviewedEntry, record: CaseRecord, finding?: Finding): boolean {
  if (entry.tool === undefined) return true;
  if (finding !== undefined) return finding.tool === entry.tool;
  return record.tool === entry.tool || (record.findings ?? []).some((f) => f.tool === entry.tool);
}

/**
 * An entry names a record's check id; a drift entry may also name one change's label
 * (`annotation-flipped`), since every drift record has the one check id `drift`: accepting a
 * description edit on a tool must not accept a later annotation flip on it too.
 */
function checkMatches(entry: ReviewedEntry, record: CaseRecord): boolean {
  return record.check === entry.check || (record.kind === 'drift' && record.label === entry.check);
}

/**
 * Lint's entries took effect while scoring (they are suppressions, `reviewedSuppressions`): one
 * applied when a finding it names is suppressed, and the record is accepted as a whole when it
 * passes only because of them. Every other family: a failing or erroring record is accepted.
 */
function matches(entry: ReviewedEntry, record: CaseRecord): { readonly applies: boolean; readonly marks: boolean } {
  const none = { applies: false, marks: false };
  if (record.kind !== entry.family || !checkMatches(entry, record)) return none;
  if (entry.model !== undefined && record.model !== entry.model) return none;
  if (record.kind === 'lint') {
    const applies = (record.findings ?? []).some((f) => f.suppressed === true && toolMatches(entry, record, f));
    return { applies, marks: applies && record.status === 'pass' };
  }
  const applies = (record.status === 'fail' || record.status === 'error') && toolMatches(entry, record);
  return { applies, marks: applies };
}

/**
 * Applies the reviewed file to a run's records, after the run (pure). An expired entry (`today`
 * past its `expires`) applies to nothing; an entry that matched no record is stale. A record that
 * matches several entries is marked with the first in file order. A marked record keeps its status
 * and findings (every report still shows it); it no longer fails the run.
 */
export function applyReviewed(records: readonly CaseRecord[], entries: readonly ReviewedEntry[], today: string): ReviewedOutcome {
  const states = new Map<ReviewedEntry, ReviewedState>(entries.map((entry) => [entry, isExpired(entry, today) ? 'expired' : 'stale']));
  const active = entries.filter((entry) => states.get(entry) === 'stale');
  const marked = records.map((record) => {
    let mark: ReviewedEntry | undefined;
    for (const entry of active) {
      const { applies, marks } = matches(entry, record);
      if (applies) states.set(entry, 'applied');
      if (marks && mark === undefined) mark = entry;
    }
    return mark === undefined || record.reviewed !== undefined ? record : copyCaseRecord({ ...record, reviewed: mark.location });
  });
  return {
    records: marked,
    entries: entries.map((entry) => ({
      family: entry.family,
      check: entry.check,
      ...(entry.tool === undefined ? {} : { tool: entry.tool }),
      ...(entry.model === undefined ? {} : { model: entry.model }),
      location: entry.location,
      state: states.get(entry) ?? 'stale',
    })),
  };
}

/** Whether a record still counts against the run: it failed or errored and no reviewed entry accepted it. */
export function countsAsFailure(record: Pick<CaseRecord, 'status' | 'reviewed'>): boolean {
  return (record.status === 'fail' || record.status === 'error') && record.reviewed === undefined;
}
