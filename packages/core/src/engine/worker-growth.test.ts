import { describe, expect, it } from 'vitest';

import type { PoolState } from './worker-growth.js';
import { shouldAddWorker } from './worker-growth.js';

// 100 queued runs of 3 ms each on one connection, with a 400 ms cold start: 300 ms of work.
const base: PoolState = {
  workers: 1,
  maxWorkers: 4,
  pendingUnits: 100,
  completedUnits: 11,
  busyMs: 33,
  slowestMs: 3,
  longestRunningMs: 2,
  connectMs: 400,
};

describe('shouldAddWorker', () => {
  it('keeps quick cases on one connection when opening another costs more than the queue', () => {
    expect(shouldAddWorker(base)).toBe(false);
    expect(shouldAddWorker({ ...base, busyMs: 153 })).toBe(false); // 1,500 ms of work < 4 × 400 ms
  });

  it('adds a connection when the queue outweighs opening one several times over', () => {
    expect(shouldAddWorker({ ...base, busyMs: 1_003 })).toBe(true); // 100 × 100 ms
    expect(shouldAddWorker({ ...base, connectMs: 1 })).toBe(true); // cheap connections (HTTP)
  });

  it('sees a slow case while it is still running', () => {
    expect(shouldAddWorker({ ...base, pendingUnits: 3, longestRunningMs: 600 })).toBe(true);
    expect(shouldAddWorker({ ...base, pendingUnits: 3, longestRunningMs: 100 })).toBe(false);
  });

  it('trusts no average of fewer than three runs, and leaves out the slowest: a fresh server is slowest at first', () => {
    expect(shouldAddWorker({ ...base, completedUnits: 2, busyMs: 40, slowestMs: 20 })).toBe(false);
    expect(shouldAddWorker({ ...base, completedUnits: 3, busyMs: 60, slowestMs: 20 })).toBe(true); // 100 × 20 ms
    expect(shouldAddWorker({ ...base, completedUnits: 3, busyMs: 24, slowestMs: 16 })).toBe(false); // 16 ms, then 4 ms each
  });

  it('never exceeds the bound, nor opens a connection with nothing left to run', () => {
    expect(shouldAddWorker({ ...base, busyMs: 1_003, workers: 4 })).toBe(false);
    expect(shouldAddWorker({ ...base, busyMs: 1_003, pendingUnits: 0 })).toBe(false);
  });

  it('weighs the queue per connection already open', () => {
    expect(shouldAddWorker({ ...base, busyMs: 203, workers: 1 })).toBe(true); // 100 × 20 ms / 1
    expect(shouldAddWorker({ ...base, busyMs: 203, workers: 2 })).toBe(false); // / 2 = 1,000 ms
  });
});
