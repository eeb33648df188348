import type { CaseRecord, CheckInfo, Finding, RunReport } from '@mcp-eval/core';
import type { Reporter } from './reporter.js';

/**
 * The versioned JSON envelope of DESIGN section 6, described by `report.schema.json` (shipped in
 * the package) and read back by `parseReport`.
 *
 * The envelope is rebuilt field by field rather than serialised as given: a caller's object may
 * carry more than the `RunReport` type admits (a debug field, a server string), and only what the
 * record boundary allows may leave the process. It also fixes the key order, so saved reports diff
 * cleanly.
 */
export const json: Reporter<'json'> = {
  name: 'json',
  fileExtension: '.json',
  format(report: RunReport): string {
    return `${JSON.stringify(toEnvelope(report), null, 2)}\n`;
  },
};

function toEnvelope(report: RunReport): RunReport {
  return {
    reportVersion: report.reportVersion,
    tool: { name: report.tool.name, version: report.tool.version },
    command: report.command,
    ...(report.manifest !== undefined && { manifest: report.manifest }),
    target: {
      transport: report.target.transport,
      ...(report.target.protocol !== undefined && { protocol: report.target.protocol }),
      ...(report.target.identity !== undefined && { identity: report.target.identity }),
    },
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    summary: {
      cases: report.summary.cases,
      pass: report.summary.pass,
      fail: report.summary.fail,
      skip: report.summary.skip,
      error: report.summary.error,
    },
    cases: report.cases.map(toCase),
    checks: report.checks.map(toCheck),
    ...(report.scores !== undefined && { scores: { ...report.scores } }),
    ...(report.gate !== undefined && {
      gate: { passed: report.gate.passed, threshold: report.gate.threshold, failures: [...report.gate.failures] },
    }),
    ...(report.invocationErrors !== undefined && {
      invocationErrors: report.invocationErrors.map((error) => ({ label: error.label })),
    }),
  };
}

function toCase(record: CaseRecord): CaseRecord {
  return {
    id: record.id,
    kind: record.kind,
    check: record.check,
    status: record.status,
    ...(record.label !== undefined && { label: record.label }),
    ...(record.tool !== undefined && { tool: record.tool }),
    measurements: { ...record.measurements },
    ...(record.findings !== undefined && { findings: record.findings.map(toFinding) }),
    runs: record.runs,
    passes: record.passes,
    passRate: record.passRate,
    ...(record.gate !== undefined && { gate: record.gate }),
    ...(record.location !== undefined && {
      location: { file: record.location.file, line: record.location.line, column: record.location.column },
    }),
    durationMs: record.durationMs,
  };
}

function toFinding(finding: Finding): Finding {
  return {
    label: finding.label,
    ...(finding.tool !== undefined && { tool: finding.tool }),
    ...(finding.pointer !== undefined && { pointer: finding.pointer }),
    ...(finding.measurements !== undefined && { measurements: { ...finding.measurements } }),
    ...(finding.suppressed !== undefined && { suppressed: finding.suppressed }),
  };
}

function toCheck(check: CheckInfo): CheckInfo {
  return {
    id: check.id,
    kind: check.kind,
    title: check.title,
    summary: check.summary,
    ...(check.securitySeverity !== undefined && { securitySeverity: check.securitySeverity }),
    ...(check.layer !== undefined && { layer: check.layer }),
    ...(check.severity !== undefined && { severity: check.severity }),
  };
}
