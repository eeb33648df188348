/** What the engine knows, mid-run, about its connections and the work left. */
export interface PoolState {
  readonly workers: number;
  readonly maxWorkers: number;
  /** Runs of cases not started yet. */
  readonly pendingUnits: number;
  readonly completedUnits: number;
  /** Time spent on the completed runs, summed. */
  readonly busyMs: number;
  /** The slowest completed run. */
  readonly slowestMs: number;
  /** How long the longest run now in flight has been going (0 when none is). */
  readonly longestRunningMs: number;
  /** What opening a connection costs: the first connection's cold start. */
  readonly connectMs: number;
}

/**
 * How many times a connection's cold start the queued work must outweigh. Opening one is dearer
 * than its wall time says: a new server process competes for the same few cores while it starts.
 */
const PAYOFF_FACTOR = 4;

/** Runs to complete before their average is trusted over the longest one in flight. */
const MIN_SAMPLE = 3;

/**
 * Another connection (on stdio, another server process) pays off only when the work queued behind
 * the current ones would take several times longer than opening it. So a manifest of quick cases
 * runs on one connection, and one of slow cases fans out up to `--concurrency`.
 */
export function shouldAddWorker(state: PoolState): boolean {
  if (state.workers >= state.maxWorkers || state.pendingUnits === 0) return false;
  // The slowest run is left out: the first calls to a fresh server are its slowest by far.
  const average = state.completedUnits >= MIN_SAMPLE ? (state.busyMs - state.slowestMs) / (state.completedUnits - 1) : 0;
  const perUnit = Math.max(average, state.longestRunningMs);
  return (state.pendingUnits * perUnit) / state.workers > PAYOFF_FACTOR * state.connectMs;
}
