import type { ReviewedEntry, ReviewedEntryState } from '@mcp-eval/core';

import type { Io } from '../io.js';

function subject(entry: Pick<ReviewedEntry, 'family' | 'check' | 'tool' | 'model'>): string {
  return [
    entry.family,
    entry.check,
    ...(entry.tool === undefined ? [] : [`on ${entry.tool}`]),
    ...(entry.model === undefined ? [] : [`in column ${entry.model}`]),
  ].join(' ');
}

/**
 * One warning line per reviewed entry that did not apply, below the summary: `stale` (it matched
 * nothing: the finding is fixed, or the entry is mistyped) or `expired` (it no longer applies, so
 * its finding fails again). Only the entry's own keys and location: never its justification.
 */
export function writeReviewedWarnings(io: Io, states: readonly ReviewedEntryState[], entries: readonly ReviewedEntry[]): void {
  states.forEach((state, i) => {
    const { file, line, column } = state.location;
    if (state.state === 'stale')
      io.stderr.write(`${file}:${line}:${column}: warning: reviewed entry for ${subject(state)} matched nothing (remove it?)\n`);
    if (state.state === 'expired')
      io.stderr.write(
        `${file}:${line}:${column}: warning: reviewed entry for ${subject(state)} expired on ${entries[i]?.expires ?? '?'} and no longer applies\n`,
      );
  });
}
