import type { CaseRecord, RunReport, Status } from '@mcp-eval/core';
import { formatMeasurements } from './case-message.js';
import { countedTools } from './counted-tools.js';
import type { FormatOptions, Reporter } from './reporter.js';

/**
 * The console summary a person reads: a header, one line per case, evaluator errors, lint scores
 * and gate, and a totals line. With `color: true` statuses are coloured symbols (the CLI passes it on a TTY
 * without `NO_COLOR`); without it the output is plain ASCII words, safe for CI logs and pipes.
 *
 *   FAIL   catalog-budget  discovery-cost  catalog-too-large  tools=13 catalogBytes=70211
 *   13 cases: 12 passed, 1 failed, 0 skipped, 0 errors (812 ms)
 */
export const pretty: Reporter<'pretty'> = {
  name: 'pretty',
  fileExtension: '.txt',
  format(report: RunReport, options?: FormatOptions): string {
    const paint = painter(options?.color === true);
    const idWidth = Math.max(0, ...report.cases.map((record) => record.id.length));
    const checkWidth = Math.max(0, ...report.cases.map((record) => record.check.length));
    const labelWidth = Math.max(0, ...report.cases.map((record) => (record.label ?? '').length));
    const lines = [header(report), ''];
    for (const record of report.cases) {
      const columns = [
        paint(statusColour(record.status), marker(record.status, options?.color === true)),
        record.id.padEnd(idWidth),
        pad(paint('dim', record.check), record.check.length, checkWidth),
        pad(paint(statusColour(record.status), record.label ?? ''), (record.label ?? '').length, labelWidth),
        keyNumbers(record),
      ];
      lines.push(columns.join('  ').trimEnd());
    }
    for (const error of report.invocationErrors ?? []) lines.push(paint('magenta', `evaluator error: ${error.label}`));
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

type Colour = 'green' | 'red' | 'yellow' | 'magenta' | 'dim' | 'bold';

const ANSI: Readonly<Record<Colour, readonly [string, string]>> = {
  green: ['\u001b[32m', '\u001b[39m'],
  red: ['\u001b[31m', '\u001b[39m'],
  yellow: ['\u001b[33m', '\u001b[39m'],
  magenta: ['\u001b[35m', '\u001b[39m'],
  dim: ['\u001b[2m', '\u001b[22m'],
  bold: ['\u001b[1m', '\u001b[22m'],
};

type Paint = (colour: Colour, text: string) => string;

function painter(color: boolean): Paint {
  // Empty text stays empty so trailing columns trim cleanly.
  return color ? (colour, text) => (text === '' ? text : `${ANSI[colour][0]}${text}${ANSI[colour][1]}`) : (_colour, text) => text;
}

/** Pads outside the colour codes, so a coloured line trims like a plain one. */
function pad(painted: string, visibleLength: number, width: number): string {
  return painted + ' '.repeat(Math.max(0, width - visibleLength));
}

function statusColour(status: Status): Colour {
  switch (status) {
    case 'pass':
      return 'green';
    case 'fail':
      return 'red';
    case 'skip':
      return 'yellow';
    case 'error':
      return 'magenta';
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}

/** Symbols on a terminal; fixed-width ASCII words where there may be no Unicode or colour. */
function marker(status: Status, symbols: boolean): string {
  switch (status) {
    case 'pass':
      return symbols ? '✓' : 'PASS ';
    case 'fail':
      return symbols ? '✗' : 'FAIL ';
    case 'skip':
      return symbols ? '○' : 'SKIP ';
    case 'error':
      return symbols ? '!' : 'ERROR';
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}

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
  const parts = [record.tool === undefined ? '' : `tool=${record.tool}`, formatMeasurements(record.measurements), countedTools(record)];
  if (record.runs > 1 && record.status !== 'skip') parts.push(`passes=${record.passes}/${record.runs}`);
  const findings = record.findings ?? [];
  if (findings.length > 0) {
    const suppressed = findings.filter((finding) => finding.suppressed === true).length;
    parts.push(`findings=${findings.length}${suppressed > 0 ? ` suppressed=${suppressed}` : ''}`);
  }
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
  return `${paint('bold', `${cases} ${cases === 1 ? 'case' : 'cases'}:`)} ${counts.join(', ')} (${duration(report.durationMs)})`;
}

/** `812 ms` under ten seconds, `12.3 s` above. */
function duration(ms: number): string {
  return ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
