import type { CaseRecord, Finding, Measurements, RunReport, Status } from '@mcp-eval/core';
import { formatRate, trialRate } from '../case-message.js';
import { labelLink } from './label-link.js';
import { reviewedCaseMark, reviewMark } from './review-mark.js';
import type { Markup } from './markup.js';
import { h } from './markup.js';
import { formatDuration } from './run-header.js';

/** Findings listed per case row; the count is always shown. Bounds the file on a catalog of thousands of tools. */
export const MAX_HTML_FINDINGS_PER_CASE = 100;

const STATUSES = ['pass', 'fail', 'skip', 'error'] as const satisfies readonly Status[];

/** `latencyMs=26.1`: one measurement to at most two decimals, for reading (the JSON keeps them whole). */
function formatMeasurement(key: string, value: number): string {
  return `${key}=${Number.isInteger(value) ? value : Number(value.toFixed(2))}`;
}

function formatMeasurements(measurements: Measurements | undefined): string {
  return Object.entries(measurements ?? {})
    .map(([key, value]) => formatMeasurement(key, value))
    .join(' ');
}

/** Each pair its own span: the cell wraps between pairs, so the column stays on screen at any width. */
function measurementsCell(measurements: Measurements): Markup {
  const pairs = Object.entries(measurements).map(([key, value]) => h`<span>${formatMeasurement(key, value)}</span>`);
  return h`<td class="mono small measures">${pairs}</td>`;
}

/** The filterable keys: each is a `data-` attribute on a case row and a select (status: buttons). */
const FILTER_KEYS = ['kind', 'check', 'tool', 'model', 'era'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

const FILTER_WORDS: Readonly<Record<FilterKey, string>> = {
  kind: 'Family',
  check: 'Check',
  tool: 'Tool',
  model: 'Model column',
  era: 'Era',
};

function filterValue(record: CaseRecord, key: FilterKey): string {
  return record[key] ?? '';
}

function findingItem(record: CaseRecord, finding: Finding): Markup {
  const mark = reviewMark(finding);
  const numbers = formatMeasurements(finding.measurements);
  return h`<li${mark === undefined ? '' : h` class="reviewed"`}>${finding.tool === undefined ? '' : h`<code>${finding.tool}</code> `}${
    finding.pointer === undefined ? '' : h`<code>${finding.pointer}</code> `
  }${labelLink(record, finding.label)}${numbers === '' ? '' : h` <span class="muted">${numbers}</span>`}${mark ?? ''}</li>`;
}

function findingsCell(record: CaseRecord): Markup {
  const findings = record.findings ?? [];
  if (findings.length === 0) return h`<td class="num" data-sort="0"></td>`;
  const listed = findings.slice(0, MAX_HTML_FINDINGS_PER_CASE).map((finding) => findingItem(record, finding));
  const more = findings.length - listed.length;
  return h`<td data-sort="${findings.length}"><details><summary>${findings.length}</summary><ul class="findings">${listed}</ul>${
    more > 0 ? h`<p class="muted">and ${more} more</p>` : ''
  }</details></td>`;
}

/** A SHOULD the run did not hold as a failure (`should-unmet`): it passes the gate, but nothing in it was met. */
function shouldUnmet(record: CaseRecord): boolean {
  return record.status === 'pass' && record.label === 'should-unmet';
}

/**
 * Runs passed, where a count means something: a skipped case ran nothing (a dash, not `0/1`), and an
 * unmet SHOULD passes the gate with none of its runs meeting it, so it says so instead of `0/1` beside "pass".
 */
function runsCell(record: CaseRecord): Markup {
  if (record.model !== undefined) {
    const { passes, trials, rate } = trialRate(record);
    return h`<td class="num" data-sort="${rate}">${passes}/${trials} ${formatRate(rate)}</td>`;
  }
  if (record.status === 'skip') return h`<td class="num muted" data-sort="-1">\u2013</td>`;
  if (shouldUnmet(record)) return h`<td class="num muted" data-sort="-1">SHOULD unmet</td>`;
  return h`<td class="num" data-sort="${record.passRate}">${record.passes}/${record.runs}${record.gate === undefined ? '' : h` <span class="muted">${record.gate}</span>`}</td>`;
}

/** The columns a record may leave empty; one no record fills is left out, so the rest fit the page. */
const OPTIONAL_COLUMNS = ['tool', 'model', 'era'] as const;
type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

const OPTIONAL_HEADINGS: Readonly<Record<OptionalColumn, string>> = { tool: 'Tool', model: 'Model', era: 'Era' };

function optionalCell(record: CaseRecord, column: OptionalColumn): Markup {
  const value = record[column];
  if (value === undefined) return h`<td></td>`;
  return column === 'era' ? h`<td>${value}</td>` : h`<td><code>${value}</code></td>`;
}

function caseRow(record: CaseRecord, columns: readonly OptionalColumn[]): Markup {
  const data = FILTER_KEYS.map((key) => h` data-${key}="${filterValue(record, key)}"`);
  // A reviewed false positive stays in the table, struck through with its badge.
  const reviewed = reviewedCaseMark(record);
  return h`<tr data-status="${record.status}"${data}${reviewed === undefined ? '' : h` class="reviewed"`}>
<td><span class="badge s-${record.status}">${record.status}</span>${reviewed ?? ''}</td>
<td class="case-id"><code>${record.id}</code>${record.location === undefined ? '' : h`<br><span class="muted small">${record.location.file}:${record.location.line}:${record.location.column}</span>`}</td>
<td>${record.kind}</td><td class="nowrap"><code>${record.check}</code></td>
<td>${record.label === undefined ? '' : labelLink(record, record.label)}</td>
${columns.map((column) => optionalCell(record, column))}
${runsCell(record)}
<td class="num" data-sort="${record.durationMs}">${formatDuration(record.durationMs)}</td>
${measurementsCell(record.measurements)}
${findingsCell(record)}
</tr>`;
}

function filterSelect(report: RunReport, key: FilterKey): Markup {
  const values = [...new Set(report.cases.map((record) => filterValue(record, key)).filter((value) => value !== ''))].sort();
  if (values.length === 0) return h``;
  const options = values.map((value) => h`<option value="${value}">${value}</option>`);
  return h`<label>${FILTER_WORDS[key]} <select data-filter="${key}"><option value="">all</option>${options}</select></label>`;
}

/** The filters need the script, so they start hidden and the script shows them: JavaScript off shows the plain table. */
function filterBar(report: RunReport): Markup {
  const buttons = STATUSES.map(
    (status) => h`<button type="button" data-status="${status}" aria-pressed="false">${status} (${report.summary[status]})</button>`,
  );
  return h`<div class="filters" id="case-filters" hidden>
<span role="group" aria-label="Status"><button type="button" data-status="" aria-pressed="true">all</button> ${buttons}</span>
${FILTER_KEYS.map((key) => filterSelect(report, key))}
<span class="muted" id="cases-shown" aria-live="polite"></span>
</div>`;
}

/** Every case record, one row each, in report order. */
export function caseTable(report: RunReport): Markup {
  const columns = OPTIONAL_COLUMNS.filter((column) => report.cases.some((record) => record[column] !== undefined));
  const headings = columns.map((column) => h`<th>${OPTIONAL_HEADINGS[column]}</th>`);
  return h`<section id="cases-section"><h2>Cases</h2>
${filterBar(report)}
<div class="scroll"><table id="cases" class="sortable"><thead><tr><th>Status</th><th>Case</th><th>Family</th><th>Check</th><th>Label</th>${headings}<th class="num">Passes</th><th class="num">Duration</th><th>Measurements</th><th class="num">Findings</th></tr></thead>
<tbody>${report.cases.map((record) => caseRow(record, columns))}</tbody></table></div>
</section>`;
}
