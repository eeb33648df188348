import type { CaseRecord, SourceLocation } from '@mcp-eval/core';

/**
 * What every reporter says about a reviewed record (`record.reviewed`): the entry of the reviewed
 * file that accepted it, by location. The record holds no justification (it stays in the user's
 * file, as lint's suppressions keep theirs), so no reporter can print one.
 */
export function reviewedNote(reviewed: SourceLocation): string {
  return `Reviewed false positive, accepted by ${reviewed.file}:${reviewed.line}:${reviewed.column} (the justification is kept there).`;
}

/** A reviewed record is reported (and in SARIF is a result) whatever its status, marked as accepted. */
export function isReviewed(record: CaseRecord): record is CaseRecord & { readonly reviewed: SourceLocation } {
  return record.reviewed !== undefined;
}
