import type { CheckKind, SourceLocation } from '../record.js';

/** The conventional name of the checked-in reviewed file (beside the manifest, or in the working directory). */
export const REVIEWED_FILE = 'mcp-eval.reviewed.yaml';

/** Entries one reviewed file may hold; a longer file is refused (exit 2), not truncated. */
export const REVIEWED_MAX_ENTRIES = 1000;

/**
 * One reviewed false positive: records of this family and check (on this tool, in this model
 * column, when given) are accepted for this reason, until `expires` (an ISO date, inclusive).
 */
export interface ReviewedEntry {
  readonly family: CheckKind;
  readonly check: string;
  readonly tool?: string;
  readonly model?: string;
  /** The user's reason. Kept here, in memory; never copied into a record (a report holds the location). */
  readonly justification: string;
  /** `YYYY-MM-DD`: the last day the entry applies. */
  readonly expires?: string;
  /** Where the entry starts in the reviewed file. */
  readonly location: SourceLocation;
}

/** An entry's `expires` date has passed: it applies through that day (UTC), not after. */
export function isExpired(entry: Pick<ReviewedEntry, 'expires'>, today: string): boolean {
  return entry.expires !== undefined && entry.expires < today;
}

/** `YYYY-MM-DD` of an instant, in UTC (the day every `expires` is compared with). */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
