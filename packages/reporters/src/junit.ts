import type { CaseRecord, RunReport } from '@mcp-eval/core';
import junitReportBuilder from 'junit-report-builder';
import type { Builder, TestCase } from 'junit-report-builder';
import { caseHeadline, caseName, formatFinding, formatLocation, formatMeasurements } from './case-message.js';
import type { Reporter } from './reporter.js';
import { modelScoreText } from './model-score-text.js';
import { reviewedNote } from './reviewed-note.js';

// The package is CJS with ESM-style typings: at run time the default import is the builder, but
// under NodeNext TS types it as the module namespace. Normalise once. Only `newBuilder()` is used:
// the default export is a process-wide singleton that would accumulate suites across calls.
const root: Builder = (junitReportBuilder as unknown as { default?: Builder }).default ?? (junitReportBuilder as unknown as Builder);

/**
 * JUnit XML for CI dashboards (GitLab, Jenkins, GitHub test-report actions).
 *
 * - One `<testsuite>` per check (named by check id), one `<testcase>` per case:
 *   `classname="mcp-eval.<check>"` (GitLab shows it as the suite), `name="<case id>"`,
 *   `file="<manifest>"`, `time` in seconds. A model-layer record is one case on one column:
 *   `name="<case id> [<column id>]"` and a `model` property, so each column is its own testcase.
 * - `fail` -> `<failure>`, `error` -> `<error>`, `skip` -> `<skipped/>`, `pass` -> no child. A
 *   reviewed false positive (`record.reviewed`) is `<skipped/>` whatever its status, with a
 *   `reviewed` property (`file:line:col` of the entry) and the failure in system-out.
 * - The failure/error body starts with `path:line:col` (GitHub annotators parse it), then the
 *   message (GitLab ignores the `message` attribute), the label, the numbers and runs/passes.
 */
export const junit: Reporter<'junit'> = {
  name: 'junit',
  fileExtension: '.xml',
  format(report: RunReport): string {
    const builder = root.newBuilder().name('mcp-eval');
    for (const [check, records] of groupByCheck(report)) {
      const suite = builder
        .testSuite()
        .name(xmlText(check))
        .timestamp(junitTimestamp(report.startedAt))
        .time(seconds(records.reduce((total, record) => total + record.durationMs, 0)))
        .property('mcpEval.version', xmlText(report.tool.version))
        .property('mcpEval.command', report.command)
        .property('transport', report.target.transport);
      if (report.target.protocol !== undefined) suite.property('protocol', xmlText(report.target.protocol));
      if (report.manifest !== undefined) suite.property('manifest', xmlText(report.manifest));
      // Each column's model score, beside the run's other properties (ids and numbers only).
      for (const column of report.models ?? []) {
        const score = modelScoreText(column);
        if (score !== undefined) suite.property(`model.${column.id}`, score);
      }
      for (const record of records) addCase(suite.testCase(), record, report);
    }
    return builder.build();
  },
};

/** Suites in the order of `report.checks`, then any check a case names that the list lacks. */
function groupByCheck(report: RunReport): Map<string, CaseRecord[]> {
  const groups = new Map<string, CaseRecord[]>(report.checks.map((check) => [check.id, []]));
  for (const record of report.cases) {
    const group = groups.get(record.check);
    if (group === undefined) groups.set(record.check, [record]);
    else group.push(record);
  }
  for (const [check, records] of groups) if (records.length === 0) groups.delete(check);
  return groups;
}

function addCase(testCase: TestCase, record: CaseRecord, report: RunReport): void {
  testCase
    .className(xmlText(`mcp-eval.${record.check}`))
    .name(xmlText(testCaseName(record)))
    .time(seconds(record.durationMs));
  const file = record.location?.file ?? report.manifest;
  if (file !== undefined) testCase.file(xmlText(file));
  if (record.label !== undefined) testCase.property('label', record.label);
  if (record.tool !== undefined) testCase.property('tool', xmlText(record.tool));
  if (record.model !== undefined) testCase.property('model', record.model);
  if (record.era !== undefined) testCase.property('era', record.era);
  if (record.reviewed !== undefined) testCase.property('reviewed', xmlText(formatLocation(record.reviewed)));

  const message = caseHeadline(record);
  const body = xmlText(caseBody(record, message));
  const type = record.label ?? record.status;
  // A reviewed failure is not a failing test: skipped, with the failure and the entry in system-out.
  if (record.reviewed !== undefined && record.status !== 'pass') {
    testCase.skipped().standardOutput(body);
    return;
  }
  switch (record.status) {
    case 'pass':
      // Numbers of a pass are still worth keeping (latency, catalog size): in system-out.
      if (hasDetails(record)) testCase.standardOutput(body);
      return;
    case 'fail':
      testCase.failure(xmlText(message), type).stacktrace(body);
      return;
    case 'error':
      testCase.error(xmlText(message), type, body);
      return;
    case 'skip':
      // `<skipped/>` has no body in junit-report-builder; the label goes to system-out.
      testCase.skipped().standardOutput(body);
      return;
    default: {
      const unreachable: never = record.status;
      throw new Error(`unknown status ${String(unreachable)}`);
    }
  }
}

/** `fetch-one-item [gpt]` for a model record, `discover-versions [modern]` for a conformance record of both eras, else the case id. */
export function testCaseName(record: CaseRecord): string {
  return caseName(record);
}

/** `path:line:col`, the message, then `key=value` lines: label, tool, numbers, runs, findings. */
function caseBody(record: CaseRecord, message: string): string {
  const lines: string[] = [];
  if (record.location !== undefined) lines.push(formatLocation(record.location));
  lines.push(message);
  if (record.label !== undefined) lines.push(`label=${record.label}`);
  if (record.tool !== undefined) lines.push(`tool=${record.tool}`);
  if (record.model !== undefined) lines.push(`model=${record.model}`);
  if (record.era !== undefined) lines.push(`era=${record.era}`);
  const numbers = formatMeasurements(record.measurements);
  if (numbers !== '') lines.push(numbers);
  lines.push(`runs=${record.runs} passes=${record.passes}${record.gate === undefined ? '' : ` gate=${record.gate}`}`);
  for (const finding of record.findings ?? []) lines.push(`finding: ${formatFinding(finding)}`);
  if (record.reviewed !== undefined) lines.push(`reviewed=${formatLocation(record.reviewed)} ${reviewedNote(record.reviewed)}`);
  return lines.join('\n');
}

/** A pass carries a system-out only when it has something to say beyond "passed". */
function hasDetails(record: CaseRecord): boolean {
  return record.label !== undefined || Object.keys(record.measurements).length > 0 || (record.findings?.length ?? 0) > 0;
}

function seconds(ms: number): number {
  return Math.round(ms) / 1000;
}

/**
 * JUnit's XSD timestamp has no zone; the record's is ISO 8601 UTC. Drop the milliseconds and the
 * `Z` (the value stays UTC) and never pass a `Date`, which the builder formats in local time.
 */
function junitTimestamp(startedAt: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/.exec(startedAt);
  return match?.[1] ?? xmlText(startedAt);
}

// Characters XML 1.0 cannot carry at all (controls other than tab/LF/CR, lone surrogates, U+FFFE/F).
// xmlbuilder throws on them; a case id typed into a manifest could hold one.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function xmlText(text: string): string {
  return text.replace(NOT_XML, '\uFFFD');
}
