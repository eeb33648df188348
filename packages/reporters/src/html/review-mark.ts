import type { CaseRecord, Finding } from '@mcp-eval/core';
import type { Markup } from './markup.js';
import { h } from './markup.js';

/**
 * The one place the HTML decides that a finding was accepted: lint's `suppressed` flag (its
 * justification stays in the suppression file, so none is shown). Absent when the finding stands.
 */
export function reviewMark(finding: Finding): Markup | undefined {
  return finding.suppressed === true ? h` <span class="badge reviewed-badge">suppressed</span>` : undefined;
}

/**
 * A reviewed false positive (`record.reviewed`): the badge names the entry of the reviewed file
 * that accepted it, by location; the justification stays in that file, so none is shown.
 */
export function reviewedCaseMark(record: CaseRecord): Markup | undefined {
  const at = record.reviewed;
  if (at === undefined) return undefined;
  return h` <span class="badge reviewed-badge" title="accepted by ${at.file}:${at.line}:${at.column}">reviewed</span>`;
}
