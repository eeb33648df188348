import { maxOf } from '@mcp-eval/protocol';
import type { CaseRecord, RunReport } from '@mcp-eval/core';
import { formatRate, trialRate } from './case-message.js';
import type { Paint } from './console-paint.js';
import { marker, pad, statusColour } from './console-paint.js';
import { scalingText } from './scaling-text.js';

/** A cell as painted, with the width it takes on screen (colour codes take none). */
interface Cell {
  readonly text: string;
  readonly width: number;
}

/** The model columns in the report's order (`models`), then any a record names that the list lacks. */
export function modelColumnIds(report: RunReport): string[] {
  const ids = new Set((report.models ?? []).map((column) => column.id));
  for (const record of report.cases) if (record.model !== undefined) ids.add(record.model);
  return [...ids];
}

/** `4/5 0.80 [0.38,0.96]`: passes over judged trials, the rate and its Wilson interval. */
function passRateText(record: CaseRecord): string {
  const { passes, trials, rate, interval } = trialRate(record);
  const bounds = interval === undefined ? '' : ` [${formatRate(interval.low)},${formatRate(interval.high)}]`;
  return `${passes}/${trials} ${formatRate(rate)}${bounds}`;
}

/**
 * One cell: the status marker, then the pass rate (not for a skip: nothing was judged), then the
 * label unless the record passed, then the accuracies and ratio of a scaling record, then `flaky`
 * when trials both passed and failed.
 */
function cell(record: CaseRecord, paint: Paint, symbols: boolean): Cell {
  const mark = marker(record.status, symbols);
  const scaling = scalingText(record);
  const parts = [
    ...(record.status === 'skip' ? [] : [passRateText(record)]),
    ...(record.status === 'pass' || record.label === undefined ? [] : [record.label]),
    ...(scaling === undefined ? [] : [scaling]),
    ...(record.measurements['flaky'] === 1 ? ['flaky'] : []),
  ];
  const rest = parts.join(' ');
  const colour = statusColour(record.status);
  return { text: `${paint(colour, mark)} ${paint(colour, rest)}`, width: mark.length + 1 + rest.length };
}

function plain(text: string, paint: Paint, colour: Parameters<Paint>[0] | undefined): Cell {
  return { text: colour === undefined ? text : paint(colour, text), width: text.length };
}

/**
 * The case × column table of a model-layer run: one row per (case id, check) in report order, one
 * column per model column, each cell that record's pass rate; `-` where the case did not run on
 * that column (a case's `models:` list). Only ids, labels and numbers: nothing else is read.
 */
export function modelTable(report: RunReport, paint: Paint, symbols: boolean): string[] {
  const records = report.cases.filter((record) => record.model !== undefined);
  if (records.length === 0) return [];
  const columns = modelColumnIds(report);
  const rows = new Map<string, { id: string; check: string; cells: Map<string, CaseRecord> }>();
  for (const record of records) {
    const key = `${record.id}\u0000${record.check}`;
    const row = rows.get(key) ?? { id: record.id, check: record.check, cells: new Map<string, CaseRecord>() };
    rows.set(key, row);
    if (record.model !== undefined && !row.cells.has(record.model)) row.cells.set(record.model, record);
  }
  const table: Cell[][] = [
    ['case', 'check', ...columns].map((title) => plain(title, paint, 'bold')),
    ...[...rows.values()].map((row) => [
      plain(row.id, paint, undefined),
      plain(row.check, paint, 'dim'),
      ...columns.map((column) => {
        const record = row.cells.get(column);
        return record === undefined ? plain('-', paint, 'dim') : cell(record, paint, symbols);
      }),
    ]),
  ];
  const widths = (table[0] ?? []).map((_, index) => maxOf(table.map((line) => line[index]?.width ?? 0)));
  return table.map((line) =>
    line
      .map((entry, index) => pad(entry.text, entry.width, widths[index] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}
