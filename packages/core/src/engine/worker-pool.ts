import { maxOf } from '@mcp-eval/protocol';

import type { PoolState } from './worker-growth.js';

/** What the pool knows of itself mid-run: what a growth rule reads (worker-growth.ts adds the connect cost). */
export type PoolStats = Omit<PoolState, 'connectMs'>;

export interface WorkerPoolOptions<U, W> {
  /** Taken in order; each once. */
  readonly units: readonly U[];
  readonly maxWorkers: number;
  /** Workers started at once (at most `maxWorkers`). @default 1 */
  readonly initialWorkers?: number;
  /** A new worker's own resource (a connection slot); `index` counts workers from 0. */
  readonly open: (index: number) => W;
  /** Runs one unit on a worker; with `clocked`, its timer starts when it calls `clock()`. */
  readonly run: (unit: U, worker: W, clock: () => void) => Promise<void>;
  /**
   * The worker's own setup (a connection opening) is not the unit's cost: `run` calls `clock()`
   * once that is done. @default false (the timer starts with the call)
   */
  readonly clocked?: boolean;
  /** Asked after each unit and every `tickMs`: whether another worker pays off. */
  readonly grow?: { readonly should: (stats: PoolStats) => boolean; readonly tickMs: number };
}

/**
 * Runs every unit on a bounded set of workers, each taking the next unit when it is free; the
 * set may grow while units wait (both engines use it: connections in engine/evaluate.ts, trials
 * per model column in engine/evaluate-behavior.ts). Resolves when every worker, first or added
 * later, has finished.
 */
export async function runWorkerPool<U, W>(options: WorkerPoolOptions<U, W>): Promise<void> {
  const { units } = options;
  const maxWorkers = Math.max(1, options.maxWorkers);
  const running = new Map<number, number>();
  const workers: Promise<void>[] = [];
  let next = 0;
  let completedUnits = 0;
  let busyMs = 0;
  let slowestMs = 0;

  const work = async (worker: W): Promise<void> => {
    for (let index = next++, unit = units[index]; unit !== undefined; index = next++, unit = units[index]) {
      let started = performance.now();
      const clock = (): void => {
        started = performance.now();
        running.set(index, started);
      };
      if (options.clocked !== true) running.set(index, started);
      await options.run(unit, worker, clock);
      const elapsed = performance.now() - started;
      running.delete(index);
      completedUnits += 1;
      busyMs += elapsed;
      slowestMs = Math.max(slowestMs, elapsed);
      grow();
    }
  };
  const add = (): void => {
    workers.push(work(options.open(workers.length)));
  };
  function grow(): void {
    if (options.grow === undefined || workers.length >= maxWorkers) return;
    const now = performance.now();
    const stats: PoolStats = {
      workers: workers.length,
      maxWorkers,
      pendingUnits: Math.max(0, units.length - next),
      completedUnits,
      busyMs,
      slowestMs,
      longestRunningMs: Math.max(0, maxOf([...running.values()].map((started) => now - started))),
    };
    if (options.grow.should(stats)) add();
  }

  const ticker = options.grow === undefined ? undefined : setInterval(grow, options.grow.tickMs);
  try {
    const initial = Math.min(maxWorkers, Math.max(1, options.initialWorkers ?? 1));
    for (let n = 0; n < initial; n += 1) add();
    for (let awaited = 0; awaited < workers.length;) {
      const end = workers.length;
      await Promise.all(workers.slice(awaited, end));
      awaited = end;
    }
  } finally {
    if (ticker !== undefined) clearInterval(ticker);
  }
}
