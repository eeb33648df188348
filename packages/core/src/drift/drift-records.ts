import { copyCaseRecord } from '../copy-record.js';
import type { CaseRecord } from '../record.js';
import type { DriftChange } from './compare-catalogs.js';
import type { DriftClass, DriftFailOn } from './drift-labels.js';

/** The check id every drift record carries (records of the `drift` family). */
export const DRIFT_CHECK_ID = 'drift';

/** What a report says about the drift check (its `checks` entry). */
export const DRIFT_CHECK_INFO = {
  id: DRIFT_CHECK_ID,
  kind: 'drift',
  title: 'Catalog drift',
  summary: 'The tool catalog matches the baseline snapshot, or changed only in ways the drift policy allows.',
} as const;

function fails(cls: DriftClass, failOn: DriftFailOn): boolean {
  if (failOn === 'none') return false;
  return failOn === 'any' || cls === 'breaking';
}

/**
 * One record per change: id `drift/<label>/<tool>` (and `/<flag>` for an annotation), status `fail`
 * when the policy fails its class, otherwise `pass` with the label; its class as a finding label.
 */
export function driftRecords(changes: readonly DriftChange[], failOn: DriftFailOn): CaseRecord[] {
  return changes.map((change) =>
    copyCaseRecord({
      id: ['drift', change.label, change.tool, ...(change.flag === undefined ? [] : [change.flag])].join('/'),
      kind: 'drift',
      check: DRIFT_CHECK_ID,
      status: fails(change.class, failOn) ? 'fail' : 'pass',
      label: change.label,
      tool: change.tool,
      measurements: change.measurements,
      findings: [{ label: change.class, ...(change.flag === undefined ? {} : { pointer: `/annotations/${change.flag}` }) }],
      runs: 1,
      passes: fails(change.class, failOn) ? 0 : 1,
      passRate: fails(change.class, failOn) ? 0 : 1,
      durationMs: 0,
    }),
  );
}
