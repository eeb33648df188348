import { describe, expect, it } from 'vitest';

import { runWorkerPool } from './worker-pool.js';

describe('runWorkerPool', () => {
  it('runs every unit once, never more at a time than its workers, each worker on its own resource', async () => {
    let inFlight = 0;
    let most = 0;
    const ran: number[] = [];
    const opened: number[] = [];
    await runWorkerPool({
      units: [0, 1, 2, 3, 4, 5, 6],
      maxWorkers: 3,
      initialWorkers: 3,
      open: (index) => (opened.push(index), `w${String(index)}`),
      run: async (unit, worker) => {
        expect(worker).toMatch(/^w[0-2]$/);
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        ran.push(unit);
        inFlight -= 1;
      },
    });
    expect(ran.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(opened).toEqual([0, 1, 2]);
    expect(most).toBe(3);
  });

  it('starts one worker and adds one only when the growth rule says so, up to maxWorkers, and waits for the added ones', async () => {
    const opened: number[] = [];
    const seen: { workers: number; pendingUnits: number; completedUnits: number }[] = [];
    const ran: number[] = [];
    await runWorkerPool({
      units: [0, 1, 2, 3, 4, 5],
      maxWorkers: 2,
      open: (index) => (opened.push(index), index),
      run: async (unit) => {
        await new Promise((resolve) => setImmediate(resolve));
        ran.push(unit);
      },
      grow: {
        should: (stats) => {
          seen.push({ workers: stats.workers, pendingUnits: stats.pendingUnits, completedUnits: stats.completedUnits });
          return stats.completedUnits >= 2;
        },
        tickMs: 60_000,
      },
    });
    expect(ran.sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(opened).toEqual([0, 1]);
    expect(seen[0]).toEqual({ workers: 1, pendingUnits: 5, completedUnits: 1 });
    // Once at maxWorkers the rule is not asked again.
    expect(seen.every((s) => s.workers === 1)).toBe(true);
  });

  it('with no units opens one worker, runs nothing and resolves', async () => {
    const opened: number[] = [];
    await runWorkerPool({ units: [], maxWorkers: 4, open: (i) => opened.push(i), run: () => Promise.reject(new Error('no unit')) });
    expect(opened).toEqual([0]);
  });
});
