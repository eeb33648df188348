import { describe, expect, it } from 'vitest';
import { createConcurrencyLimiter } from './concurrency-limiter.js';

describe('createConcurrencyLimiter', () => {
  it('never runs more than its limit at once and runs everything', async () => {
    const limiter = createConcurrencyLimiter(2);
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        limiter.run(async () => {
          peak = Math.max(peak, limiter.active());
          await new Promise((resolve) => setTimeout(resolve, 5));
          return i;
        }),
      ),
    );
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(2);
    expect(limiter.active()).toBe(0);
  });
  it('frees its slot when a task throws', async () => {
    const limiter = createConcurrencyLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
  it('refuses a limit below 1', () => {
    expect(() => createConcurrencyLimiter(0)).toThrow(RangeError);
  });
});
