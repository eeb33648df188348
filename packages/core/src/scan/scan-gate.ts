import { pushAll } from '@mcp-eval/protocol';
import type { LintReport } from '../lint/lint-catalog.js';
import { DEFAULT_LINT_THRESHOLD } from '../lint/score-lint.js';
import type { CaseRecord, RunGate, RunGateFailure } from '../record.js';
import { countsAsFailure } from '../reviewed/apply-reviewed.js';

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
