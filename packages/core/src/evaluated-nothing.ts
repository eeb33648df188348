import type { Outcome } from './check.js';
import type { Measurements } from './record.js';

/**
 * Why a check evaluated nothing. A check or assertion that had nothing to judge (the list it reads
 * was unreadable, every read answered an error, the list was empty, nothing declared what it
 * covers) ends `skip` with one of these, never `pass`: a pass must mean the server did the thing.
 * Each check that can end so puts the labels it uses in its own closed `labels` map.
 */
export const NOTHING_LABELS = {
  'list-unreadable':
    'Skipped: the list this check reads could not be walked to its end (an error, no answer, a malformed page or a repeated cursor), so nothing was evaluated; the pagination and surface-listing probes say why.',
  'nothing-read': 'Skipped: every read this check sent answered an error or not at all, so no result was evaluated.',
  'surface-unreadable':
    'Skipped: a surface this check must read (a declared list, server/discover) answered an error or not at all (the findings say which), and nothing that was read was defective, so the claim about every result could not be made.',
  'nothing-listed': 'Skipped: the list this check reads is empty, so there was nothing to evaluate.',
  'nothing-declared': 'Skipped: the server declares nothing this check covers, so nothing was evaluated.',
} as const;

export type NothingLabel = keyof typeof NOTHING_LABELS;

/**
 * The outcome of a check that evaluated nothing: `skip` with a fixed label (one of NOTHING_LABELS,
 * or the check's own when it says more, e.g. `no-output-schema`), what was tried as numbers.
 */
export function evaluatedNothing<L extends string>(
  label: L,
  measurements?: Measurements,
  tool?: string,
): Outcome<L> & { readonly status: 'skip' } {
  return { status: 'skip', label, ...(tool === undefined ? {} : { tool }), ...(measurements === undefined ? {} : { measurements }) };
}

/** `NOTHING_LABELS` restricted to `labels`, for a check's closed `labels` map. */
export function nothingLabels<L extends NothingLabel>(...labels: readonly L[]): { readonly [K in L]: (typeof NOTHING_LABELS)[K] } {
  return Object.fromEntries(labels.map((label) => [label, NOTHING_LABELS[label]])) as { readonly [K in L]: (typeof NOTHING_LABELS)[K] };
}
