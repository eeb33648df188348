import type { Interval } from './wilson.js';
import { WILSON_Z, wilsonInterval } from './wilson.js';

/** One side of a comparison: passes out of trials. */
export interface PassCount {
  readonly passes: number;
  readonly trials: number;
}

/**
 * - `regressed`: the interval on (current − baseline) lies wholly below 0.
 * - `held`: no drop was observed (current rate ≥ baseline rate) and none is shown.
 * - `inconclusive`: the rate dropped but the interval still reaches 0 — too few trials to tell
 *   a regression from noise (or a side has no trials at all).
 */
export type DeltaVerdict = 'regressed' | 'held' | 'inconclusive';

export const DELTA_VERDICTS: readonly DeltaVerdict[] = ['regressed', 'held', 'inconclusive'];

export interface DeltaComparison {
  /** current rate − baseline rate. */
  readonly difference: number;
  readonly interval: Interval;
  readonly verdict: DeltaVerdict;
}

/**
 * Newcombe's hybrid score interval (1998, method 10) for the difference of two independent
 * proportions, current − baseline, built from each side's Wilson interval. It keeps its coverage
 * at n = 5 where the Wald interval collapses to a point at 5/5.
 */
export function newcombeInterval(baseline: PassCount, current: PassCount, z: number = WILSON_Z): Interval {
  const before = wilsonInterval(baseline.passes, baseline.trials, z);
  const after = wilsonInterval(current.passes, current.trials, z);
  const p1 = baseline.trials === 0 ? 0 : baseline.passes / baseline.trials;
  const p2 = current.trials === 0 ? 0 : current.passes / current.trials;
  const d = p2 - p1;
  const low = d - Math.sqrt((p2 - after.low) ** 2 + (before.high - p1) ** 2);
  const high = d + Math.sqrt((after.high - p2) ** 2 + (p1 - before.low) ** 2);
  return { low: Math.max(-1, low), high: Math.min(1, high) };
}

/** The verdict `--baseline` gives a model record (per case, or pooled per column). */
export function compareProportions(baseline: PassCount, current: PassCount, z: number = WILSON_Z): DeltaComparison {
  const interval = newcombeInterval(baseline, current, z);
  if (baseline.trials === 0 || current.trials === 0) {
    return { difference: 0, interval, verdict: 'inconclusive' };
  }
  const difference = current.passes / current.trials - baseline.passes / baseline.trials;
  const verdict: DeltaVerdict = interval.high < 0 ? 'regressed' : difference >= 0 ? 'held' : 'inconclusive';
  return { difference, interval, verdict };
}
