import type { CaseRecord, Finding, Measurements, SourceLocation } from '@mcp-eval/core';
import { reviewedNote } from './reviewed-note.js';

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

/**
 * A case's name where reports list cases: its id, then `[<column id>]` for a model record (the same
 * case runs on every column) or `[<era>]` for a conformance record of a run that spoke both eras.
 */
export function caseName(record: CaseRecord): string {
  const qualifier = record.model ?? record.era;
  return qualifier === undefined ? record.id : `${record.id} [${qualifier}]`;
}

/** The first sentence: what happened to the case. GitHub shows a SARIF message's first sentence as its title. */
export function caseHeadline(record: CaseRecord): string {
  const onTool = record.tool === undefined ? '' : ` on tool ${record.tool}`;
  const because = record.label === undefined ? '' : `: ${record.label}`;
  // A model-layer record is one case on one column: the column id the manifest chose names it.
  const subject =
    record.model !== undefined
      ? `Case ${record.id} on column ${record.model}`
      : record.era !== undefined
        ? `Case ${record.id} in the ${record.era} era`
        : `Case ${record.id}`;
  switch (record.status) {
    case 'pass':
      return `${subject} passed check ${record.check}${onTool}${because}.`;
    case 'fail':
      return `${subject} failed check ${record.check}${onTool}${because}.`;
    case 'skip':
      return `${subject} skipped check ${record.check}${onTool}${because}.`;
    case 'error':
      return `${subject} could not be evaluated by check ${record.check}${onTool}${because}.`;
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
  const gate = record.gate === undefined ? '' : ` (${record.gate} gate)`;
  if (record.model !== undefined) {
    if (record.status !== 'skip') details.push(`Trials: ${passRateSentence(record)}${gate}.`);
    if (record.measurements['flaky'] === 1) details.push('Flaky: trials both passed and failed.');
  } else if (record.runs > 1) {
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
  if (record.reviewed !== undefined) details.push(reviewedNote(record.reviewed));
  return details;
}

/** A model record's judged trials: the fold's `trials`/`passes` (argument-correctness: over `argTrials`), else `runs`/`passes`. */
export interface TrialRate {
  readonly passes: number;
  readonly trials: number;
  readonly rate: number;
  /** The record's Wilson bounds; absent when it has none. */
  readonly interval?: { readonly low: number; readonly high: number };
}

export function trialRate(record: CaseRecord): TrialRate {
  const trials = record.measurements['trials'] ?? record.runs;
  const passes = record.measurements['passes'] ?? record.passes;
  const low = record.measurements['wilsonLow'];
  const high = record.measurements['wilsonHigh'];
  return {
    passes,
    trials,
    rate: trials === 0 ? 0 : passes / trials,
    ...(low === undefined || high === undefined ? {} : { interval: { low, high } }),
  };
}

/** `0.80`: rates and bounds to two places, as the console and messages print them. */
export function formatRate(rate: number): string {
  return rate.toFixed(2);
}

/** `4 of 5 passed, rate 0.80, 95% interval [0.38,0.96]`. */
function passRateSentence(record: CaseRecord): string {
  const { passes, trials, rate, interval } = trialRate(record);
  const bounds = interval === undefined ? '' : `, 95% interval [${formatRate(interval.low)},${formatRate(interval.high)}]`;
  return `${passes} of ${trials} passed, rate ${formatRate(rate)}${bounds}`;
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
