import { maxOf } from '@mcp-eval/protocol';
import type { Markup } from './markup.js';
import { h } from './markup.js';

/** Bars per chart; the rest are counted under it. Bounds the file on a catalog of thousands of tools. */
export const MAX_CHART_ROWS = 50;

/** Characters of a row label drawn in the chart; the full name is in the bar's tooltip and the table. */
const LABEL_CHARS = 34;

export interface BarRow {
  readonly label: string;
  /** Set when the row is one tool's: the script filters the case table to it on a click. */
  readonly tool?: string;
  /** The bar (e.g. p50), and an optional longer lighter bar behind it (p95). */
  readonly value: number;
  readonly outer?: number;
  /**
   * How to read the bar when it is not a plain measurement: `failed`, the call errored (its time is
   * not a latency of a working call); `cut-off`, the call was stopped at the cut-off, so the value is
   * a floor, not a latency.
   */
  readonly mark?: 'failed' | 'cut-off';
}

export interface BarChart {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly unit: string;
  readonly valueName: string;
  readonly outerName?: string;
  readonly rows: readonly BarRow[];
  /** A budget drawn as a dashed line, e.g. the case's `maxToolTokens`. */
  readonly limit?: { readonly value: number; readonly name: string };
}

const WIDTH = 760;
const LABEL_WIDTH = 250;
const ROW_HEIGHT = 22;
const VALUE_WIDTH = 90;

function short(label: string): string {
  return label.length <= LABEL_CHARS ? label : `${label.slice(0, LABEL_CHARS - 1)}\u2026`;
}

/** One decimal for small numbers, none for large: `0.7`, `107`. */
function formatValue(value: number): string {
  return Number.isInteger(value) || value >= 100 ? String(Math.round(value)) : value.toFixed(1);
}

/** The number as the chart writes it, with what the mark says about it. */
function valueText(row: BarRow): string {
  const value = `${formatValue(row.value)}${row.outer === undefined ? '' : ` / ${formatValue(row.outer)}`}`;
  if (row.mark === 'failed') return `${value} (failed)`;
  if (row.mark === 'cut-off') return `\u2265 ${formatValue(row.value)} (cut off)`;
  return value;
}

function barWidth(value: number, max: number): number {
  const plot = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  return max <= 0 ? 0 : Math.max(1, Math.round((value / max) * plot));
}

function fallbackTable(chart: BarChart, rows: readonly BarRow[]): Markup {
  const body = rows.map(
    (row) =>
      h`<tr><td><code>${row.label}</code>${row.mark === undefined ? '' : h` <span class="muted">${row.mark}</span>`}</td><td class="num">${formatValue(row.value)}</td>${
        chart.outerName === undefined ? '' : h`<td class="num">${row.outer === undefined ? '' : formatValue(row.outer)}</td>`
      }</tr>`,
  );
  return h`<details><summary>Data table</summary><table class="sortable"><thead><tr><th>Row</th><th class="num">${chart.valueName} (${chart.unit})</th>${
    chart.outerName === undefined ? '' : h`<th class="num">${chart.outerName} (${chart.unit})</th>`
  }</tr></thead><tbody>${body}</tbody></table></details>`;
}

/**
 * A horizontal bar chart as inline SVG: no library, no script needed to read it. It carries its
 * own title and description for assistive technology, and the same numbers as a table beneath.
 */
export function barChart(chart: BarChart): Markup {
  const rows = chart.rows.slice(0, MAX_CHART_ROWS);
  const more = chart.rows.length - rows.length;
  const max = Math.max(0, maxOf(rows.map((row) => Math.max(row.value, row.outer ?? 0))), chart.limit?.value ?? 0);
  const height = rows.length * ROW_HEIGHT + 8;
  const bars = rows.map((row, index) => {
    const y = index * ROW_HEIGHT + 4;
    const tip = `${row.label}: ${chart.valueName} ${formatValue(row.value)} ${chart.unit}${
      row.outer === undefined || chart.outerName === undefined ? '' : `, ${chart.outerName} ${formatValue(row.outer)} ${chart.unit}`
    }${row.mark === undefined ? '' : row.mark === 'failed' ? ', the call failed' : ', cut off: the call had not answered'}`;
    const marked = row.mark === undefined ? '' : ` ${row.mark}`;
    const end = Math.max(row.value, row.outer ?? 0);
    return h`<g class="row"${row.tool === undefined ? '' : h` data-tool="${row.tool}"`}><title>${tip}</title>
<text x="${LABEL_WIDTH - 6}" y="${y + 14}" text-anchor="end">${short(row.label)}</text>
${row.outer === undefined ? '' : h`<rect class="b2${marked}" x="${LABEL_WIDTH}" y="${y + 2}" width="${barWidth(row.outer, max)}" height="${ROW_HEIGHT - 6}"></rect>`}
<rect class="b1${marked}" x="${LABEL_WIDTH}" y="${y + 2}" width="${barWidth(row.value, max)}" height="${ROW_HEIGHT - 6}"></rect>
<text x="${LABEL_WIDTH + barWidth(end, max) + 4}" y="${y + 14}">${valueText(row)}</text></g>`;
  });
  const limit = chart.limit;
  const limitLine =
    limit === undefined
      ? ''
      : h`<line class="limit" x1="${LABEL_WIDTH + barWidth(limit.value, max)}" x2="${LABEL_WIDTH + barWidth(limit.value, max)}" y1="0" y2="${height}"><title>${limit.name} ${formatValue(limit.value)} ${chart.unit}</title></line>`;
  // The budget is named in the legend too: a dashed line alone does not say what it is.
  const limitLegend = limit === undefined ? '' : h`<span><i class="l-limit"></i>${limit.name} ${formatValue(limit.value)}</span>`;
  const legend =
    chart.outerName === undefined && limit === undefined
      ? ''
      : h`<div class="legend" aria-hidden="true">${
          chart.outerName === undefined
            ? ''
            : h`<span><i class="l1"></i>${chart.valueName}</span><span><i class="l2"></i>${chart.outerName}</span>`
        }${limitLegend}</div>`;
  return h`<figure id="${chart.id}"><figcaption>${chart.title}</figcaption>${legend}
<svg class="chart" role="img" aria-labelledby="${chart.id}-t ${chart.id}-d" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}"><title id="${chart.id}-t">${chart.title}</title><desc id="${chart.id}-d">${chart.description}</desc>
<line class="axis" x1="${LABEL_WIDTH}" x2="${LABEL_WIDTH}" y1="0" y2="${height}"></line>${bars}${limitLine}</svg>
${more > 0 ? h`<p class="muted">${more} more rows not charted (limit ${MAX_CHART_ROWS}).</p>` : ''}${fallbackTable(chart, rows)}</figure>`;
}
