import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson.js';

const close = (actual: number, expected: number): void => {
  expect(Math.abs(actual - expected)).toBeLessThan(5e-5);
};

describe('wilsonInterval (z = 1.96)', () => {
  it('matches every reference value of docs/models.md', () => {
    const five = wilsonInterval(5, 5);
    close(five.low, 0.5655);
    expect(five.high).toBe(1);
    const four = wilsonInterval(4, 5);
    close(four.low, 0.3755);
    close(four.high, 0.9638);
    const twenty = wilsonInterval(20, 20);
    close(twenty.low, 0.8389);
    expect(twenty.high).toBe(1);
  });

  it('matches values computed independently', () => {
    // Computed with a separate 10-line Python script of the closed form
    // (p + z²/2n ± z·sqrt(p(1−p)/n + z²/4n²)) / (1 + z²/n), z = 1.96, printed to 6 places.
    const cases: [number, number, number, number][] = [
      [0, 5, 0, 0.434491],
      [1, 5, 0.036223, 0.624472],
      [3, 5, 0.23072, 0.882382],
      [7, 10, 0.396773, 0.892211],
      [95, 100, 0.888248, 0.978457],
    ];
    for (const [passes, trials, low, high] of cases) {
      const interval = wilsonInterval(passes, trials);
      close(interval.low, low);
      close(interval.high, high);
    }
  });

  it('says nothing about zero trials and refuses impossible counts', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
    expect(() => wilsonInterval(6, 5)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 5)).toThrow(RangeError);
    expect(() => wilsonInterval(1.5, 5)).toThrow(RangeError);
  });

  it('stays inside [0, 1] at the ends', () => {
    expect(wilsonInterval(0, 1).low).toBe(0);
    expect(wilsonInterval(1, 1).high).toBe(1);
  });
});
