import { pushAll } from '@mcp-eval/protocol';
import type { LintReport } from '../lint/lint-catalog.js';
import { DEFAULT_LINT_THRESHOLD } from '../lint/score-lint.js';
import type { CaseRecord, RunGate, RunGateFailure, ScanGateFailure } from '../record.js';
import { countsAsFailure } from '../reviewed/apply-reviewed.js';

/** Why a scan's gate failed, besides the lint gate's own failures (the labels are the record's). */
export const SCAN_GATE_FAILURES: Readonly<Record<ScanGateFailure, string>> = {
  'case-failed': 'A catalog, conformance or timed case failed or errored (and no reviewed entry accepted it).',
  'catalog-unreadable':
    'Not one tool could be read from the catalog (no connection, or its first page failed), so lint and the timed cases did not run.',
};

/**
 * One gate for a whole scan: every case other than lint's passed or was skipped, the catalog could
 * be read (at least its first page), and the lint gate passed (lint rules fail on their own
 * without failing the gate, as in `mcp-eval lint`). The threshold is lint's.
 */
export function scanGate(records: readonly CaseRecord[], lint: LintReport | undefined): RunGate {
  const failures: RunGateFailure[] = [];
  // A failure a reviewed entry accepted (`applyReviewed`) stays in the report but does not fail the gate.
  if (records.some((r) => r.kind !== 'lint' && countsAsFailure(r))) failures.push('case-failed');
  if (lint === undefined) failures.push('catalog-unreadable');
  else pushAll(failures, lint.gate.failures);
  return { passed: failures.length === 0, threshold: lint?.gate.threshold ?? DEFAULT_LINT_THRESHOLD, failures };
}
