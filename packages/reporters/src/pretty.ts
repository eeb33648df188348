import { maxOf, pushAll } from '@mcp-eval/protocol';
import type { CaseRecord, RunReport } from '@mcp-eval/core';
import { caseName, formatLocation } from './case-message.js';
import { consoleMeasurements } from './console-numbers.js';
import type { Paint } from './console-paint.js';
import { marker, pad, painter, statusColour } from './console-paint.js';
import { modelSummaryLines } from './model-summary.js';
import { modelTable } from './model-table.js';
import { countedTools } from './counted-tools.js';
import { connectFailureOf, isUnconnected, unreachableLine } from './unreachable-line.js';
import type { FormatOptions, Reporter } from './reporter.js';

/**
 * The console summary a person reads: a header, one line per case, the model layer's case × column
 * table of pass rates and one summary line per model column, evaluator errors, lint scores and
 * gate, and a totals line. With `color: true` statuses are coloured symbols (the CLI passes it on a TTY
 * without `NO_COLOR`); without it the output is plain ASCII words, safe for CI logs and pipes.
 *
 *   FAIL   catalog-budget  discovery-cost  catalog-too-large  tools=13 catalogBytes=70211
 *   13 cases: 12 passed, 1 failed, 0 skipped, 0 errors (812 ms)
 */
export const pretty: Reporter<'pretty'> = {
  name: 'pretty',
  fileExtension: '.txt',
  format(report: RunReport, options?: FormatOptions): string {
    const symbols = options?.color === true;
    const paint = painter(symbols);
    // Model-layer records (those naming a column) go in the case × column table, the rest one a line.
    const unreachable = unreachableLine(report);
    // A server that could not be reached is one line below, not a row per case it left unevaluated.
    const lineRecords = report.cases.filter(
      (record) => record.model === undefined && !(unreachable !== undefined && isUnconnected(record)),
    );
    const idWidth = Math.max(0, maxOf(lineRecords.map((record) => caseName(record).length)));
    const checkWidth = Math.max(0, maxOf(lineRecords.map((record) => record.check.length)));
    const labelWidth = Math.max(0, maxOf(lineRecords.map((record) => (record.label ?? '').length)));
    const lines = [header(report), ''];
    for (const record of lineRecords) {
      const columns = [
        paint(statusColour(record.status), marker(record.status, symbols)),
        caseName(record).padEnd(idWidth),
        pad(paint('dim', record.check), record.check.length, checkWidth),
        pad(paint(statusColour(record.status), record.label ?? ''), (record.label ?? '').length, labelWidth),
        keyNumbers(record),
      ];
      lines.push(columns.join('  ').trimEnd());
    }
    const table = modelTable(report, paint, symbols);
    const summaries = modelSummaryLines(report.models ?? [], paint);
    if (table.length > 0 || summaries.length > 0) {
      if (lineRecords.length > 0) lines.push('');
      pushAll(lines, table.length > 0 && summaries.length > 0 ? [...table, '', ...summaries] : [...table, ...summaries]);
    }
    if (unreachable !== undefined) lines.push(paint('magenta', unreachable));
    // A connect failure is the server's condition, said once above; the rest are ours.
    for (const error of report.invocationErrors ?? [])
      if (connectFailureOf(error.label) === undefined) lines.push(paint('magenta', `evaluator error: ${error.label}`));
    if (report.scores !== undefined) {
      const scores = Object.entries(report.scores).map(([layer, score]) => `${layer} ${score}`);
      lines.push(`scores: ${scores.join(', ')}`);
    }
    if (report.gate !== undefined) {
      const { passed, threshold, failures } = report.gate;
      const why = failures.length > 0 ? `: ${failures.join(', ')}` : '';
      lines.push(`gate: ${paint(passed ? 'green' : 'red', passed ? 'passed' : 'failed')} (threshold ${threshold})${why}`);
    }
    lines.push('', totals(report, paint));
    return `${lines.join('\n')}\n`;
  },
};

function header(report: RunReport): string {
  const target = [report.target.transport, ...(report.target.protocol === undefined ? [] : [report.target.protocol])];
  const subject = report.manifest === undefined ? '' : ` ${report.manifest}`;
  return `mcp-eval ${report.tool.version} ${report.command}${subject} (${target.join(', ')})`;
}

/**
 * The tool, the case's measurements and the tools behind a count, then how many repeats passed
 * (not for a skip: nothing ran, so `passes=0/5` would read as five failures) and how many findings.
 */
function keyNumbers(record: CaseRecord): string {
  const parts = [record.tool === undefined ? '' : `tool=${record.tool}`, consoleMeasurements(record.measurements), countedTools(record)];
  if (record.runs > 1 && record.status !== 'skip') parts.push(`passes=${record.passes}/${record.runs}`);
  const findings = record.findings ?? [];
  if (findings.length > 0) {
    const suppressed = findings.filter((finding) => finding.suppressed === true).length;
    parts.push(`findings=${findings.length}${suppressed > 0 ? ` suppressed=${suppressed}` : ''}`);
  }
  // A reviewed false positive: the entry that accepted it (the justification stays in that file).
  if (record.reviewed !== undefined) parts.push(`reviewed=${formatLocation(record.reviewed)}`);
  return parts.filter((part) => part !== '').join(' ');
}

function totals(report: RunReport, paint: Paint): string {
  const { cases, pass, fail, skip, error } = report.summary;
  const counts = [
    paint(pass > 0 ? 'green' : 'dim', `${pass} passed`),
    paint(fail > 0 ? 'red' : 'dim', `${fail} failed`),
    paint(skip > 0 ? 'yellow' : 'dim', `${skip} skipped`),
    paint(error > 0 ? 'magenta' : 'dim', `${error} ${error === 1 ? 'error' : 'errors'}`),
  ];
  const reviewed = report.cases.filter((record) => record.reviewed !== undefined).length;
  if (reviewed > 0) counts.push(paint('yellow', `${reviewed} reviewed`));
  return `${paint('bold', `${cases} ${cases === 1 ? 'case' : 'cases'}:`)} ${counts.join(', ')} (${duration(report.durationMs)})`;
}

/** `812 ms` under ten seconds, `12.3 s` above. */
function duration(ms: number): string {
  return ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
