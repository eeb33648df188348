import type { ExpectedFailuresApplied } from '@mcp-eval/core';

import type { Io } from '../io.js';

/**
 * What the expected-failures file did, on stderr below the summary: counts, then one warning per
 * entry that matched no assertion that passed or failed (a typo, or an assertion that no longer
 * applies). Assertion ids and file locations only; never a justification.
 */
export function writeExpectedFailuresNote(io: Io, applied: ExpectedFailuresApplied): void {
  const stale = applied.stale > 0 ? ' (they pass now: remove those entries)' : '';
  io.stderr.write(`expected failures: ${applied.accepted} accepted, ${applied.stale} stale${stale}\n`);
  for (const entry of applied.unused) {
    const { file, line, column } = entry.location;
    const scope = [entry.era, entry.transport].filter((part) => part !== undefined).join(', ');
    io.stderr.write(
      `${file}:${line}:${column}: warning: expected failure of ${entry.check}${scope === '' ? '' : ` (${scope})`} matched no assertion that passed or failed (remove it?)\n`,
    );
  }
}
