import type { CaseRecord, ModelColumn, RunReport } from '@mcp-eval/core';
import { formatRate, trialRate } from '../case-message.js';
import { modelScoreText } from '../model-score-text.js';
import { modelColumnIds } from '../model-table.js';
import type { Markup } from './markup.js';
import { h } from './markup.js';

const RANGE_WIDTH = 100;

/** The pass rate as a point on 0-1 with its Wilson interval as a bar; the text beside it says the same. */
function rangeSvg(record: CaseRecord): Markup {
  const { rate, interval } = trialRate(record);
  const x = (value: number) => Math.round(value * RANGE_WIDTH);
  return h`<svg class="range" aria-hidden="true" width="${RANGE_WIDTH + 8}" height="12" viewBox="-4 0 ${RANGE_WIDTH + 8} 12"><line class="track" x1="0" x2="${RANGE_WIDTH}" y1="6" y2="6"></line>${
    interval === undefined ? '' : h`<line class="ci" x1="${x(interval.low)}" x2="${x(interval.high)}" y1="6" y2="6"></line>`
  }<circle class="pt" cx="${x(rate)}" cy="6" r="3"></circle></svg>`;
}

function matrixCell(record: CaseRecord | undefined): Markup {
  if (record === undefined) return h`<td class="muted">-</td>`;
  const { passes, trials, rate, interval } = trialRate(record);
  const bounds = interval === undefined ? '' : ` [${formatRate(interval.low)}, ${formatRate(interval.high)}]`;
  const flaky = record.measurements['flaky'] === 1 ? h` <span class="badge">flaky</span>` : '';
  if (record.status === 'skip') return h`<td data-sort="-1"><span class="badge s-skip">skip</span> <code>${record.label ?? ''}</code></td>`;
  return h`<td data-sort="${rate}"><span class="badge s-${record.status}">${record.status}</span> ${rangeSvg(record)} <span class="mono">${passes}/${trials} ${formatRate(rate)}${bounds}</span>${
    record.status === 'pass' || record.label === undefined ? '' : h` <code>${record.label}</code>`
  }${flaky}</td>`;
}

const RATES = [
  ['selectionAccuracy', 'selection'],
  ['argumentCorrectness', 'arguments'],
  ['sequenceCorrectness', 'sequence'],
  ['overTriggerRate', 'over-trigger'],
] as const satisfies readonly (readonly [keyof ModelColumn, string])[];

function columnRow(column: ModelColumn): Markup {
  const rates = RATES.map(([key]) => {
    const rate = column[key];
    return h`<td class="num">${rate === undefined ? '' : formatRate(rate)}</td>`;
  });
  const score = h`<td class="num" data-sort="${column.score ?? -1}">${modelScoreText(column) ?? ''}</td>`;
  return h`<tr><td><code>${column.id}</code></td><td>${column.provider}</td>${score}${rates}<td class="num">${column.requests}</td><td class="num">${column.inputTokens}</td><td class="num">${column.outputTokens}</td><td class="num">${column.cachedTrials}</td></tr>`;
}

/**
 * The model layer: cases × model columns, each cell the record's pass rate over its trials with
 * the 95% Wilson interval drawn as a range, then each column's pooled scores and spend. Absent
 * when no record names a model column.
 */
export function modelMatrix(report: RunReport): Markup {
  const records = report.cases.filter((record) => record.model !== undefined);
  if (records.length === 0 && (report.models ?? []).length === 0) return h``;
  const columns = modelColumnIds(report);
  const rows = new Map<string, { id: string; check: string; cells: Map<string, CaseRecord> }>();
  for (const record of records) {
    const key = `${record.id}\u0000${record.check}`;
    const row = rows.get(key) ?? { id: record.id, check: record.check, cells: new Map<string, CaseRecord>() };
    rows.set(key, row);
    if (record.model !== undefined && !row.cells.has(record.model)) row.cells.set(record.model, record);
  }
  const body = [...rows.values()].map(
    (row) =>
      h`<tr><td><code>${row.id}</code></td><td><code>${row.check}</code></td>${columns.map((column) => matrixCell(row.cells.get(column)))}</tr>`,
  );
  const summary = (report.models ?? []).map(columnRow);
  return h`<section id="models"><h2>Model matrix</h2>
<p class="muted">Each cell: passes over judged trials, the rate (dot) and its 95% Wilson interval (bar); <code>-</code> where the case did not run on that column.</p>
<table class="sortable" id="model-matrix"><thead><tr><th>Case</th><th>Check</th>${columns.map((column) => h`<th><code>${column}</code></th>`)}</tr></thead><tbody>${body}</tbody></table>
${summary.length === 0 ? '' : h`<table class="sortable" id="model-columns"><thead><tr><th>Column</th><th>Provider</th><th class="num">Score</th>${RATES.map(([, words]) => h`<th class="num">${words}</th>`)}<th class="num">Requests</th><th class="num">Tokens in</th><th class="num">Tokens out</th><th class="num">Cached trials</th></tr></thead><tbody>${summary}</tbody></table>`}
</section>`;
}
