/** The normal quantile for a two-sided 95% interval: every model-layer interval uses it. */
export const WILSON_Z = 1.96;

/** A closed interval on a proportion (or a difference of proportions). */
export interface Interval {
  readonly low: number;
  readonly high: number;
}

/**
 * The Wilson score interval for `passes` out of `trials` (Wilson 1927). Unlike the normal
 * approximation it stays inside [0, 1] and is not degenerate at 0/n or n/n, which is where model
 * pass rates over 5 trials usually sit. Zero trials say nothing: [0, 1].
 */
export function wilsonInterval(passes: number, trials: number, z: number = WILSON_Z): Interval {
  if (!Number.isInteger(passes) || !Number.isInteger(trials) || trials < 0 || passes < 0 || passes > trials) {
    throw new RangeError('wilsonInterval needs integers with 0 <= passes <= trials');
  }
  if (trials === 0) return { low: 0, high: 1 };
  const p = passes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const center = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  // Clamp the float noise at the ends (n/n gives 1 + 1e-16 otherwise).
  return { low: passes === 0 ? 0 : Math.max(0, center - half), high: passes === trials ? 1 : Math.min(1, center + half) };
}
