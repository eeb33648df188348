import type { CaseRecord, Finding, RunReport } from '@mcp-eval/core';
import type { Markup } from './markup.js';
import { h } from './markup.js';
import type { BaselineFindingLabel } from './label-link.js';
import { BASELINE_FINDING_LABELS, isBaselineLabel, labelLink } from './label-link.js';

/** Rows of the baseline table; the rest are counted. Bounds the file on a huge run. */
export const MAX_HTML_BASELINE_ROWS = 500;

const ORDER = ['regression', 'inconclusive', 'not-compared', 'held'] as const;

interface Row {
  readonly record: CaseRecord;
  readonly finding: Finding & { readonly label: BaselineFindingLabel };
}

function numbers(finding: Finding): string {
  return Object.entries(finding.measurements ?? {})
    .map(([key, value]) => `${key}=${Number.isInteger(value) ? value : Number(value.toFixed(4))}`)
    .join(' ');
}

/**
 * The comparison with the baseline run, as the record carries it: the findings `--baseline` put on
 * records (pass-rate drops, grown measurements, model regressions, inconclusive and held verdicts),
 * regressions first. Absent when no record was compared.
 */
export function baselineSection(report: RunReport): Markup {
  const rows: Row[] = report.cases.flatMap((record) =>
    (record.findings ?? []).flatMap((finding) =>
      isBaselineLabel(finding.label) ? [{ record, finding: { ...finding, label: finding.label } }] : [],
    ),
  );
  if (rows.length === 0) return h``;
  const rank = (row: Row) => ORDER.indexOf(BASELINE_FINDING_LABELS[row.finding.label]);
  const sorted = rows.map((row, index) => ({ row, index })).sort((a, b) => rank(a.row) - rank(b.row) || a.index - b.index);
  const listed = sorted.slice(0, MAX_HTML_BASELINE_ROWS).map(({ row: { record, finding } }) => {
    const verdict = BASELINE_FINDING_LABELS[finding.label];
    return h`<tr data-verdict="${verdict}"><td><span class="badge ${verdict === 'regression' ? 's-fail' : verdict === 'held' ? 's-pass' : 's-skip'}">${verdict}</span></td><td><code>${record.id}</code></td><td><code>${record.check}</code></td><td>${record.model === undefined ? '' : h`<code>${record.model}</code>`}</td><td>${labelLink(record, finding.label)}${finding.pointer === undefined ? '' : h` <code>${finding.pointer}</code>`}</td><td class="mono small">${numbers(finding)}</td></tr>`;
  });
  const regressions = rows.filter((row) => BASELINE_FINDING_LABELS[row.finding.label] === 'regression').length;
  const more = rows.length - listed.length;
  return h`<section id="baseline"><h2>Baseline comparison</h2><p><b class="${regressions === 0 ? 'gate-pass' : 'gate-fail'}">${regressions} regression${regressions === 1 ? '' : 's'}</b> <span class="muted">against the baseline run, listed first.</span></p>
<table class="sortable" id="baseline-findings"><thead><tr><th>Verdict</th><th>Case</th><th>Check</th><th>Model</th><th>Label</th><th>Numbers</th></tr></thead><tbody>${listed}</tbody></table>
${more > 0 ? h`<p class="muted">and ${more} more (limit ${MAX_HTML_BASELINE_ROWS}).</p>` : ''}</section>`;
}
