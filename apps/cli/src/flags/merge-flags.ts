import { fraction, isSet, lastString } from '../parse-flags.js';
import { flag } from './flag.js';
import { REPORTER_FLAGS } from './reporter-flags.js';

export const MERGE_FLAGS = [
  ...REPORTER_FLAGS,
  flag(
    '--baseline <run.json>',
    "Compare the merged run with a previous run's JSON report, as run --baseline does (reads the manifest for its budgets)",
    lastString,
  ),
  flag('--max-drop <fraction>', 'With --baseline: the largest pass-rate drop a case may show, 0-1 (default 0.02)', fraction),
  flag('--baseline-any-target', 'With --baseline: compare even when the baseline is a report of another server or manifest', isSet),
];
