import type { Finding } from '@mcp-eval/core';
import type { Markup } from './markup.js';
import { h } from './markup.js';

/**
 * The one place the HTML decides that a finding was reviewed and accepted: today lint's
 * `suppressed` flag (its justification stays in the suppression file, so none is shown). A wider
 * reviewed record (issue 15's reviewed file) extends this function, and every view that strikes a
 * finding through follows. Absent when the finding stands.
 */
export function reviewMark(finding: Finding): Markup | undefined {
  return finding.suppressed === true ? h` <span class="badge reviewed-badge">suppressed</span>` : undefined;
}
