import { given, isSet, lastString } from '../parse-flags.js';
import { CATALOG_BUDGET_FLAGS } from './catalog-budget-flags.js';
import { flag } from './flag.js';
import { REPORTER_FLAGS } from './reporter-flags.js';
import { REVIEWED_FLAG } from './reviewed-flag.js';
import { TARGET_FLAGS } from './target-flags.js';

export const CONFORMANCE_FLAGS = [
  ...TARGET_FLAGS,
  ...REPORTER_FLAGS,
  ...CATALOG_BUDGET_FLAGS,
  REVIEWED_FLAG,
  flag(
    '--expected-failures <file>',
    'Deprecated, removed in 1.0.0 (use --reviewed): accepted failures, a YAML list of {id, era?, transport?, justification}; an accepted failure passes, an accepted assertion that passes fails (stale)',
    lastString,
  ),
  flag(
    '--baseline <report.json>',
    "Compare with a previous conformance run's JSON report: a pass that became a failure is marked regressed",
    lastString,
  ),
  // Read as given: a stray value is refused with the missing --baseline, not as a flag of its own.
  flag(
    '--baseline-any-target',
    'With --baseline: compare even when the baseline is a report of another server (transport, command or URL, protocol)',
    given,
  ),
  flag('--strict', 'Fail the run on SHOULD-level assertions too (default: only MUSTs fail it)', isSet),
];
