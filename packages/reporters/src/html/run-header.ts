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
  const passed = report.summary.fail === 0 && report.summary.error === 0 && (report.invocationErrors ?? []).length === 0;
  return { passed, words: passed ? 'passed: no case failed or errored' : 'failed: a case failed or errored' };
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
<h1>MCP Eval report: <code>${report.command}</code>${report.manifest === undefined ? '' : h` <span class="muted">${report.manifest}</span>`}</h1>
<dl class="meta">
<dt>Target</dt><dd>${target.transport}${target.identity === undefined ? '' : h` <code>${target.identity}</code>`}</dd>
<dt>Protocol</dt><dd>${target.protocol ?? 'no connection'}</dd>
<dt>Started</dt><dd><time datetime="${report.startedAt}">${report.startedAt}</time></dd>
<dt>Duration</dt><dd>${formatDuration(report.durationMs)}</dd>
<dt>Verdict</dt><dd id="verdict" class="gate-${passed ? 'pass' : 'fail'}"><b>${words}</b></dd>
<dt>Tool</dt><dd>${report.tool.name} ${report.tool.version}</dd>
</dl>
<div class="totals" id="totals"><div class="total"><b>${report.summary.cases}</b>cases</div>${totals}</div>
${invocation.length === 0 ? '' : h`<p class="s-error">The evaluator itself failed:</p><ul>${invocation}</ul>`}
</header>`;
}
