import type { BaselineComparison, CaseRecord, Finding } from '@mcp-eval/core';

import type { Io } from '../io.js';

function numbers(finding: Finding): string {
  return Object.entries(finding.measurements ?? {})
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
}

/**
 * What the baseline comparison decided, on stderr (the console reporters keep stdout): counts, and
 * one line per regressed case with its labels and numbers. Case ids, labels and numbers only.
 */
export function writeBaselineNote(io: Io, comparison: BaselineComparison, baselineCases: readonly CaseRecord[]): void {
  const { counts } = comparison;
  const compared = counts.held + counts.regressed;
  const parts = [`${compared} compared`, `${counts.regressed} regressed`];
  if (counts.new > 0) parts.push(`${counts.new} new since the baseline`);
  if (counts['no-reference'] > 0) parts.push(`${counts['no-reference']} not passing in the baseline (held to their own gates)`);
  io.stderr.write(`baseline: ${parts.join(', ')}\n`);
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
