import type { CaseRecord, RunReport } from '@mcp-eval/core';
import type { BarRow } from './bar-chart.js';
import { barChart } from './bar-chart.js';
import type { Markup } from './markup.js';
import { h } from './markup.js';

/**
 * Per-tool token cost: each finding of a `token-cost` case that names a tool and carries `tokens`
 * (the probe's per-tool entries), largest first. The case's `maxToolTokens` is the budget line.
 */
function tokenChart(report: RunReport): Markup | undefined {
  const record = report.cases.find((entry) => entry.check === 'token-cost' && toolTokenRows(entry).length > 0);
  if (record === undefined) return undefined;
  const rows = toolTokenRows(record).sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  const budget = record.measurements['maxToolTokens'];
  return barChart({
    id: 'chart-tokens',
    title: `Token cost per tool (case ${record.id})`,
    description: `Estimated tokens each tool's catalog entry costs a model, from case ${record.id}; ${rows.length} tools.`,
    unit: 'tokens',
    valueName: 'tokens',
    rows,
    ...(budget === undefined ? {} : { limit: { value: budget, name: 'maxToolTokens' } }),
  });
}

function toolTokenRows(record: CaseRecord): BarRow[] {
  return (record.findings ?? []).flatMap((finding) => {
    const tokens = finding.measurements?.['tokens'];
    return finding.tool === undefined || tokens === undefined ? [] : [{ label: finding.tool, tool: finding.tool, value: tokens }];
  });
}

/**
 * How a timed record's bar reads: a failed or errored call is drawn as failed (its time is not a
 * latency); a call stopped at the cut-off (`cutoffMs`) is a floor, not a latency.
 */
function latencyMark(record: CaseRecord): BarRow['mark'] {
  if (record.measurements['cutoffMs'] !== undefined) return 'cut-off';
  if ((record.status === 'fail' || record.status === 'error') && record.label !== 'latency-exceeded') return 'failed';
  return undefined;
}

/** The one budget every charted record was judged against, or none when one has none or they differ. */
function sharedBudget(records: readonly CaseRecord[]): number | undefined {
  const budgets = new Set(records.map((record) => record.measurements['maxLatencyBudgetMs']));
  const [only] = budgets;
  return budgets.size === 1 ? only : undefined;
}

/**
 * Latency per case: one bar per case that timed a tool, p50 with p95 behind it where the case
 * repeated the call (`p50LatencyMs`, `p95LatencyMs`), else its one `latencyMs`. Grouped by tool.
 */
function latencyChart(report: RunReport): Markup | undefined {
  const timed = report.cases.filter(
    (record) => record.tool !== undefined && (record.measurements['p50LatencyMs'] ?? record.measurements['latencyMs']) !== undefined,
  );
  const rows = timed
    .map((record): BarRow => {
      const tool = record.tool ?? '';
      const p50 = record.measurements['p50LatencyMs'];
      const p95 = record.measurements['p95LatencyMs'];
      const label = `${tool} \u00b7 ${record.id}${record.model === undefined ? '' : ` \u00b7 ${record.model}`}`;
      const mark = latencyMark(record);
      const shape = mark === undefined ? {} : { mark };
      if (p50 !== undefined) return { label, tool, value: p50, ...(p95 === undefined || p95 === p50 ? {} : { outer: p95 }), ...shape };
      return { label, tool, value: record.measurements['latencyMs'] ?? 0, ...shape };
    })
    .sort((a, b) => (a.tool ?? '').localeCompare(b.tool ?? '') || a.label.localeCompare(b.label));
  if (rows.length === 0) return undefined;
  const budget = sharedBudget(timed);
  return barChart({
    id: 'chart-latency',
    title: 'Latency per case (ms)',
    description: `p50 and p95 call latency of each timed case, by tool, in milliseconds; a case that called once shows its one latency; a failed call and a call cut off unanswered are marked. ${rows.length} rows.`,
    unit: 'ms',
    valueName: 'p50',
    outerName: 'p95',
    rows,
    ...(budget === undefined ? {} : { limit: { value: budget, name: 'maxLatencyBudgetMs' } }),
  });
}

/** The tools section, absent when no case measured a tool's tokens or latency. */
export function toolCharts(report: RunReport): Markup {
  const charts = [tokenChart(report), latencyChart(report)].filter((chart): chart is Markup => chart !== undefined);
  if (charts.length === 0) return h``;
  return h`<section id="tools"><h2>Tools</h2><p class="muted" id="tools-hint" hidden>Click a bar to filter the cases to its tool.</p><div class="charts">${charts}</div></section>`;
}
