import Type from 'typebox';
import type { Static } from 'typebox';
import { closed, def, list } from './record-primitives.js';

/** Why lint's gate failed (`lint/score-lint.ts`): a record field, so the labels live here. */
export type LintGateFailure = 'score-below-threshold' | 'critical-finding';
/** Why a scan's gate failed, besides the lint gate's own failures (`scan/scan-gate.ts`). */
export const SCAN_GATE_FAILURES = {
  'case-failed': 'A catalog, conformance or timed case failed or errored (and no reviewed entry accepted it).',
  'catalog-unreadable':
    'Not one tool could be read from the catalog (no connection, or its first page failed), so lint and the timed cases did not run.',
} as const;
export type ScanGateFailure = keyof typeof SCAN_GATE_FAILURES;

/** Why a run-level gate failed: lint's reasons and scan's. Keyed, so none is missed. */
const GATE_FAILURES: Readonly<Record<LintGateFailure | ScanGateFailure, true>> = {
  'score-below-threshold': true,
  'critical-finding': true,
  'case-failed': true,
  'catalog-unreadable': true,
};
export type RunGateFailure = keyof typeof GATE_FAILURES;
const RUN_GATE_FAILURES = Object.keys(GATE_FAILURES) as readonly RunGateFailure[];
const GateFailureSchema = def(
  'gateFailure',
  Type.Unsafe<RunGateFailure>({ description: 'Why a run-level gate failed.', enum: [...RUN_GATE_FAILURES] }),
);

/**
 * A run-level gate over the cases, for commands whose verdict is not "every case passed": lint
 * passes on a score threshold and no critical finding, even with failing rules.
 */
export const RunGateSchema = closed(
  {
    passed: Type.Boolean(),
    threshold: Type.Number({ minimum: 0, maximum: 100 }),
    /** Fixed labels saying why it failed (`score-below-threshold`, `critical-finding`); empty on a pass. */
    failures: list(GateFailureSchema, { description: 'Why it failed, as fixed labels; empty on a pass.' }),
  },
  {
    description:
      'Lint and scan only: the gate the exit status follows (lint: a score threshold and no critical finding, failing rules alone do not fail it; scan: that, and no other case failed).',
  },
);
export type RunGate = Static<typeof RunGateSchema>;
