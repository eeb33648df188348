import type { CaseRecord } from '@mcp-eval/core';
import { formatRate } from './case-message.js';

/**
 * `accuracy 1x 1.00 2x 0.67 4x 0.33, 4x/1x 0.33 (min 0.90)`: the three accuracies a scaling record
 * carries and the ratio its verdict compared, read from its measurements (any record with
 * `accuracyAt1x`/`2x`/`4x`), so a pass rate alone never hides what the verdict was decided on.
 * Undefined for a record without them. With no accuracy at 1× there is no ratio (`4x/1x -`).
 */
export function scalingText(record: CaseRecord): string | undefined {
  const m = record.measurements;
  const at1 = m['accuracyAt1x'];
  const at2 = m['accuracyAt2x'];
  const at4 = m['accuracyAt4x'];
  if (at1 === undefined || at2 === undefined || at4 === undefined) return undefined;
  const ratio = at1 === 0 ? '-' : formatRate(at4 / at1);
  const min = m['minAccuracyRatio'];
  return `accuracy 1x ${formatRate(at1)} 2x ${formatRate(at2)} 4x ${formatRate(at4)}, 4x/1x ${ratio}${min === undefined ? '' : ` (min ${formatRate(min)})`}`;
}
