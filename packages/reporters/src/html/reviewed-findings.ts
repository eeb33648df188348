import type { RunReport } from '@mcp-eval/core';
import { labelLink } from './label-link.js';
import type { Markup } from './markup.js';
import { h } from './markup.js';
import { reviewedCaseMark, reviewMark } from './review-mark.js';

/** Rows per table of the reviewed section; the rest are counted. Bounds the file on a huge run. */
export const MAX_HTML_REVIEWED = 500;

function bounded(rows: readonly Markup[], table: (rows: readonly Markup[]) => Markup): Markup {
  const listed = rows.slice(0, MAX_HTML_REVIEWED);
  const more = rows.length - listed.length;
  return h`${table(listed)}${more > 0 ? h`<p class="muted">and ${more} more (limit ${MAX_HTML_REVIEWED}).</p>` : ''}`;
}

/** Records a reviewed-file entry accepted (`record.reviewed`), struck through with their badge. */
function reviewedCases(report: RunReport): Markup {
  const rows = report.cases.flatMap((record) => {
    const mark = reviewedCaseMark(record);
    const at = record.reviewed;
    if (mark === undefined || at === undefined) return [];
    return [
      h`<tr class="reviewed"><td><code>${record.id}</code></td><td>${record.kind}</td><td><code>${record.check}</code></td><td>${record.tool === undefined ? '' : h`<code>${record.tool}</code>`}</td><td>${record.model ?? ''}${record.era ?? ''}</td><td>${record.label === undefined ? '' : labelLink(record, record.label)}${mark}</td><td class="mono small">${at.file}:${at.line}:${at.column}</td></tr>`,
    ];
  });
  if (rows.length === 0) return h``;
  return bounded(
    rows,
    (listed) =>
      h`<h3>Reviewed false positives</h3><table class="sortable" id="reviewed-cases"><thead><tr><th>Case</th><th>Family</th><th>Check</th><th>Tool</th><th>Model / era</th><th>Label</th><th>Accepted by</th></tr></thead><tbody>${listed}</tbody></table>`,
  );
}

/** Lint findings marked `suppressed`, struck through with their badge. */
function suppressedFindings(report: RunReport): Markup {
  const rows = report.cases.flatMap((record) =>
    (record.findings ?? []).flatMap((finding) => {
      const mark = reviewMark(finding);
      if (mark === undefined) return [];
      return [
        h`<tr class="reviewed"><td><code>${record.id}</code></td><td>${record.kind}</td><td><code>${record.check}</code></td><td>${finding.tool === undefined ? '' : h`<code>${finding.tool}</code>`}</td><td>${labelLink(record, finding.label)}${mark}</td></tr>`,
      ];
    }),
  );
  if (rows.length === 0) return h``;
  return bounded(
    rows,
    (listed) =>
      h`<h3>Suppressed findings</h3><table class="sortable" id="reviewed-findings"><thead><tr><th>Case</th><th>Family</th><th>Check</th><th>Tool</th><th>Label</th></tr></thead><tbody>${listed}</tbody></table>`,
  );
}

/** Every entry of the reviewed file once, with what became of it: `stale` and `expired` stand out. */
function reviewedEntries(report: RunReport): Markup {
  const rows = (report.reviewedEntries ?? []).map(
    (entry) =>
      h`<tr data-state="${entry.state}"><td><span class="badge ${entry.state === 'applied' ? 's-pass' : 's-error'}">${entry.state}</span></td><td>${entry.family}</td><td><code>${entry.check}</code></td><td>${entry.tool === undefined ? '' : h`<code>${entry.tool}</code>`}</td><td>${entry.model ?? ''}</td><td class="mono small">${entry.location.file}:${entry.location.line}:${entry.location.column}</td></tr>`,
  );
  if (rows.length === 0) return h``;
  return bounded(
    rows,
    (listed) =>
      h`<h3>Reviewed file entries</h3><table class="sortable" id="reviewed-entries"><thead><tr><th>State</th><th>Family</th><th>Check</th><th>Tool</th><th>Model</th><th>Entry</th></tr></thead><tbody>${listed}</tbody></table>`,
  );
}

/**
 * What was accepted: reviewed records, suppressed findings, and the reviewed file's entries with
 * their state (applied, stale, expired). They stay in the report and do not fail it. No
 * justification appears: a record holds none, it stays in the user's file. Absent when empty.
 */
export function reviewedFindings(report: RunReport): Markup {
  const parts = [reviewedCases(report), suppressedFindings(report), reviewedEntries(report)].filter((part) => part.markup !== '');
  if (parts.length === 0) return h``;
  return h`<section id="reviewed"><h2>Reviewed and suppressed</h2>${parts}</section>`;
}
