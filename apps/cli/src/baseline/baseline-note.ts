import type { BaselineComparison, CaseRecord, Finding } from '@mcp-eval/core';
import { escapeLine } from '@mcp-eval/core';

import type { Io } from '../io.js';

/** Most missing case ids the note lists before `… and N more`. */
const MAX_LISTED_MISSING = 50;

/** The baseline's deterministic case ids this run has no record of. */
function missingCases(current: readonly CaseRecord[], baselineCases: readonly CaseRecord[]): string[] {
  const present = new Set(current.map((record) => record.id));
  const ids = baselineCases.filter((c) => c.kind !== 'behavior' && c.kind !== 'drift' && !present.has(c.id)).map((c) => c.id);
  return [...new Set(ids)];
}

function numbers(finding: Finding): string {
  return Object.entries(finding.measurements ?? {})
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
}

/**
 * What the baseline comparison decided, on stderr (the console reporters keep stdout): counts, and
 * one line per regressed case with its labels and numbers, one per baseline case this run lacks
 * (`case-missing`). Case ids, labels and numbers only.
 */
export function writeBaselineNote(io: Io, comparison: BaselineComparison, baselineCases: readonly CaseRecord[]): void {
  const { counts } = comparison;
  const compared = counts.held + counts.regressed;
  const parts = [`${compared} compared`, `${counts.regressed} regressed`];
  if (counts.new > 0) parts.push(`${counts.new} new since the baseline`);
  if (counts['no-reference'] > 0) parts.push(`${counts['no-reference']} not passing in the baseline (held to their own gates)`);
  const missing = missingCases(comparison.records, baselineCases);
  if (missing.length > 0) parts.push(`${missing.length} missing since the baseline`);
  io.stderr.write(`baseline: ${parts.join(', ')}\n`);
  // A case that disappeared is neither held nor regressed: listed, so "0 regressed" cannot hide it.
  for (const id of missing.slice(0, MAX_LISTED_MISSING)) io.stderr.write(`  ${escapeLine(id, 200)}: case-missing\n`);
  if (missing.length > MAX_LISTED_MISSING) io.stderr.write(`  … and ${missing.length - MAX_LISTED_MISSING} more case-missing\n`);
  if (comparison.records.length > 0 && counts.new === comparison.records.length && baselineCases.length > 0) {
    io.stderr.write('baseline: warning: it shares no case id with this run; is it a report of this manifest?\n');
  }
  for (const verdict of comparison.verdicts) {
    for (const finding of verdict.findings) {
      const at = finding.pointer === undefined ? '' : ` ${finding.pointer}`;
      const detail = finding.label === 'budget-unmeasured' ? ' (neither failed nor compared)' : ` ${numbers(finding)}`;
      io.stderr.write(`  ${verdict.id}: ${finding.label}${at}${detail}\n`);
    }
  }
}
