import type { RunReport } from '@mcp-eval/core';
import type { Markup } from './markup.js';
import { h } from './markup.js';

/** `2.6 s` or `41 ms`: the run's and a case's duration. */
export function formatDuration(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

/** The run's verdict as the exit status reads it: the gate when there is one, else no failure or error. */
function verdict(report: RunReport): { readonly passed: boolean; readonly words: string } {
  if (report.gate !== undefined) {
    const why = report.gate.failures.length === 0 ? '' : ` (${report.gate.failures.join(', ')})`;
    return { passed: report.gate.passed, words: `${report.gate.passed ? 'passed' : 'failed'}, threshold ${report.gate.threshold}${why}` };
  }
  // A reviewed record keeps its status but does not fail the run.
  const failing = report.cases.filter((record) => (record.status === 'fail' || record.status === 'error') && record.reviewed === undefined);
  const passed = failing.length === 0 && (report.invocationErrors ?? []).length === 0;
  const reviewed = report.cases.filter((record) => record.reviewed !== undefined).length;
  const note = reviewed === 0 ? '' : ` (${reviewed} reviewed)`;
  return { passed, words: passed ? `passed: no case failed or errored${note}` : `failed: a case failed or errored${note}` };
}

/** The negotiated revision; a run that spoke both eras has none, and its records say their era. */
function protocolWords(report: RunReport): string {
  if (report.target.protocol !== undefined) return report.target.protocol;
  const eras = [...new Set(report.cases.flatMap((record) => (record.era === undefined ? [] : [record.era])))];
  return eras.length === 0 ? 'no connection' : `eras ${eras.join(' and ')} (each case says its era)`;
}

/** The run header (what ran, against what, when, how long, the verdict) and the totals. */
export function runHeader(report: RunReport): Markup {
  const { passed, words } = verdict(report);
  const target = report.target;
  const invocation = (report.invocationErrors ?? []).map((error) => h`<li><code>${error.label}</code></li>`);
  const totals = (['pass', 'fail', 'skip', 'error'] as const).map(
    (status) => h`<div class="total s-${status}"><b>${report.summary[status]}</b>${status}</div>`,
  );
  return h`<header>
<h1>MCP Eval report: <code>${report.command}</code>${
    report.manifest !== undefined
      ? h` <span class="muted">${report.manifest}</span>`
      : target.identity === undefined
        ? ''
        : h` <span class="muted">${target.transport} server <code>${target.identity}</code></span>`
  }</h1>
<dl class="meta">
<dt>Server</dt><dd>${target.transport}${target.identity === undefined ? '' : h` <code>${target.identity}</code>`}</dd>
<dt>Protocol</dt><dd>${protocolWords(report)}</dd>
<dt>Started</dt><dd><time datetime="${report.startedAt}">${report.startedAt}</time></dd>
<dt>Duration</dt><dd>${formatDuration(report.durationMs)}</dd>
<dt>Verdict</dt><dd id="verdict" class="gate-${passed ? 'pass' : 'fail'}"><b>${words}</b></dd>
<dt>Tool</dt><dd>${report.tool.name} ${report.tool.version}</dd>
</dl>
<div class="totals" id="totals"><div class="total"><b>${report.summary.cases}</b>cases</div>${totals}</div>
${invocation.length === 0 ? '' : h`<p class="s-error">The evaluator itself failed:</p><ul>${invocation}</ul>`}
</header>`;
}
