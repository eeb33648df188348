import type { RunReport } from '@mcp-eval/core';
import { labelLink } from './case-table.js';
import type { Markup } from './markup.js';
import { h } from './markup.js';
import { reviewMark } from './review-mark.js';

/** Reviewed findings listed in their section; the rest are counted. The same bound as a case's findings. */
export const MAX_HTML_REVIEWED = 500;

/**
 * Every finding marked reviewed (`reviewMark`), struck through with its badge, by case. They stay
 * in the report and do not fail it; this section shows what was accepted. Absent when there are none.
 */
export function reviewedFindings(report: RunReport): Markup {
  const entries = report.cases.flatMap((record) =>
    (record.findings ?? []).flatMap((finding) => {
      const mark = reviewMark(finding);
      return mark === undefined ? [] : [{ record, finding, mark }];
    }),
  );
  if (entries.length === 0) return h``;
  const listed = entries.slice(0, MAX_HTML_REVIEWED).map(
    ({ record, finding, mark }) =>
      h`<tr class="reviewed"><td><code>${record.id}</code></td><td>${record.kind}</td><td><code>${record.check}</code></td><td>${finding.tool === undefined ? '' : h`<code>${finding.tool}</code>`}</td><td>${labelLink(record, finding.label)}${mark}</td></tr>`,
  );
  const more = entries.length - listed.length;
  return h`<section id="reviewed"><h2>Suppressed and reviewed findings</h2>
<table class="sortable" id="reviewed-findings"><thead><tr><th>Case</th><th>Family</th><th>Check</th><th>Tool</th><th>Label</th></tr></thead><tbody>${listed}</tbody></table>
${more > 0 ? h`<p class="muted">and ${more} more (limit ${MAX_HTML_REVIEWED}).</p>` : ''}</section>`;
}
