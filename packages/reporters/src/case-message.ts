import type { CaseRecord, Finding, Measurements, SourceLocation } from '@mcp-eval/core';

/**
 * The words every reporter uses for a case. Built only from record fields (case id, check id, tool
 * name, label, numbers, location), so no reporter can say anything a record does not carry.
 */

/** How many findings a message lists before it says "and N more"; keeps SARIF and JUnit bounded. */
export const MAX_LISTED_FINDINGS = 10;

/** `tools=13 catalogBytes=70211`, in the record's key order; empty for no measurements. */
export function formatMeasurements(measurements: Measurements | undefined): string {
  if (measurements === undefined) return '';
  return Object.entries(measurements)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
}

/** `path:line:col`, the form editors, GitHub annotators and terminals turn into a link. */
export function formatLocation(location: SourceLocation): string {
  return `${location.file}:${location.line}:${location.column}`;
}

/** The first sentence: what happened to the case. GitHub shows a SARIF message's first sentence as its title. */
export function caseHeadline(record: CaseRecord): string {
  const onTool = record.tool === undefined ? '' : ` on tool ${record.tool}`;
  const because = record.label === undefined ? '' : `: ${record.label}`;
  switch (record.status) {
    case 'pass':
      return `Case ${record.id} passed check ${record.check}${onTool}${because}.`;
    case 'fail':
      return `Case ${record.id} failed check ${record.check}${onTool}${because}.`;
    case 'skip':
      return `Case ${record.id} skipped check ${record.check}${onTool}${because}.`;
    case 'error':
      return `Case ${record.id} could not be evaluated by check ${record.check}${onTool}${because}.`;
    default: {
      const unreachable: never = record.status;
      return unreachable;
    }
  }
}

/** Measurements, repeat counts and findings, one sentence each; empty parts are left out. */
export function caseDetails(record: CaseRecord): string[] {
  const details: string[] = [];
  const numbers = formatMeasurements(record.measurements);
  if (numbers !== '') details.push(`Measurements: ${numbers}.`);
  if (record.runs > 1) {
    const gate = record.gate === undefined ? '' : ` (${record.gate} gate)`;
    details.push(`Runs: ${record.passes} of ${record.runs} passed${gate}.`);
  }
  const findings = record.findings ?? [];
  if (findings.length > 0) {
    const listed = findings.slice(0, MAX_LISTED_FINDINGS).map(formatFinding);
    const more = findings.length - listed.length;
    const suppressed = findings.filter((finding) => finding.suppressed === true).length;
    const suppressedNote = suppressed > 0 ? ` (${suppressed} suppressed)` : '';
    const moreNote = more > 0 ? `; and ${more} more` : '';
    details.push(`Findings${suppressedNote}: ${listed.join('; ')}${moreNote}.`);
  }
  return details;
}

/** `big_tool tool-over-budget tokens=812 [suppressed]`: tool, pointer, label, numbers. */
export function formatFinding(finding: Finding): string {
  const parts: string[] = [];
  if (finding.tool !== undefined) parts.push(finding.tool);
  if (finding.pointer !== undefined) parts.push(finding.pointer);
  parts.push(finding.label);
  const numbers = formatMeasurements(finding.measurements);
  if (numbers !== '') parts.push(numbers);
  if (finding.suppressed === true) parts.push('[suppressed]');
  return parts.join(' ');
}
