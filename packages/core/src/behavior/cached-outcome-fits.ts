import type { Status } from '../record.js';
import type { TrialOutcome } from './trial-outcome.js';

/**
 * What the outcome cache may hold for a check, built from its closed label set: each of `keep`
 * (all labels when absent) with the one status its classifier gives it: `passes` pass, `skips`
 * skip, every other one fails. Only the outcomes the engines store belong here (a verdict, or
 * `no-correct-selection`); an error is never stored.
 */
export function cacheVerdicts(
  labels: Readonly<Record<string, string>>,
  passes: readonly string[],
  options: { readonly keep?: readonly string[]; readonly skips?: readonly string[] } = {},
): ReadonlyMap<string, Status> {
  const keep = options.keep ?? Object.keys(labels);
  const skips = options.skips ?? [];
  return new Map(keep.map((label) => [label, passes.includes(label) ? 'pass' : skips.includes(label) ? 'skip' : 'fail']));
}

/** A catalog-only selection unit's outcome: the column reached the request's tool or not. */
export const SELECTED_UNIT: ReadonlyMap<string, Status> = new Map([
  ['correct', 'pass'],
  ['incorrect', 'fail'],
]);

/**
 * Whether a cache entry (already a well-formed `TrialOutcome`) is one a check could have stored:
 * its label from the check's `cacheable` set, with the status that label has. A cache from an
 * untrusted source can still swap one real verdict for another of the same check (a failing trial
 * rewritten as `pass selected-expected`): nothing short of not restoring it prevents that.
 */
export function cachedOutcomeFits(cacheable: ReadonlyMap<string, Status> | undefined, outcome: TrialOutcome): boolean {
  return cacheable?.get(outcome.label) === outcome.status;
}
