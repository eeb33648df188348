import { normalize } from 'node:path';

import type { RunReport, RunTarget } from '@mcp-eval/core';

import { UsageError } from '../cli-error.js';

/** What this run is, to compare with what the baseline recorded. */
export interface RunIdentity {
  /** Absent for `conformance`, which has none. */
  readonly manifest?: string;
  readonly target: RunTarget;
}

/** The manifest path as typed, without `./` or doubled separators, so `./m.yaml` is `m.yaml`. */
function manifestKey(path: string): string {
  return normalize(path).replaceAll('\\', '/');
}

/**
 * Why the baseline is a report of another server or manifest, as phrases naming no secret: the
 * transports, protocols and manifest paths are the user's own words; the command or URL is compared
 * only by its hash. A baseline from before hashes were recorded is compared on the rest.
 */
export function baselineMismatches(baseline: RunReport, run: RunIdentity): string[] {
  const found: string[] = [];
  const was = baseline.target;
  const now = run.target;
  if (was.transport !== now.transport) found.push(`transport ${was.transport} there, ${now.transport} here`);
  else if (was.identity !== undefined && now.identity !== undefined && was.identity !== now.identity) {
    found.push(now.transport === 'http' ? 'another URL' : 'another command or arguments');
  }
  if (was.protocol !== undefined && now.protocol !== undefined && was.protocol !== now.protocol)
    found.push(`protocol ${was.protocol} there, ${now.protocol} here`);
  if (baseline.manifest !== undefined && run.manifest !== undefined && manifestKey(baseline.manifest) !== manifestKey(run.manifest)) {
    found.push(`manifest ${baseline.manifest} there, ${run.manifest} here`);
  }
  return found;
}

/**
 * Exit 2 unless the baseline is a report of the same server and manifest, or the user said any
 * target will do (`--baseline-any-target`): a baseline from another server compares nothing real.
 */
export function requireSameTarget(path: string, baseline: RunReport, run: RunIdentity, anyTarget: boolean): void {
  if (anyTarget) return;
  const found = baselineMismatches(baseline, run);
  if (found.length === 0) return;
  throw new UsageError(
    `--baseline ${path} is a report of another target (${found.join('; ')}); compare it anyway with --baseline-any-target, or use a baseline of this server and manifest`,
  );
}
