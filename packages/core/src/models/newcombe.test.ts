import { describe, expect, it } from 'vitest';
import { compareProportions, newcombeInterval } from './newcombe.js';

const close = (actual: number, expected: number): void => {
  expect(Math.abs(actual - expected)).toBeLessThan(5e-5);
};
const count = (passes: number, trials: number) => ({ passes, trials });

describe('newcombeInterval (hybrid score, current − baseline)', () => {
  it('matches every reference value of docs/models.md and its verdict', () => {
    const fiveToTwo = compareProportions(count(5, 5), count(2, 5));
    close(fiveToTwo.interval.low, -0.8824);
    close(fiveToTwo.interval.high, -0.0298);
    expect(fiveToTwo.verdict).toBe('regressed');

    const fiveToThree = compareProportions(count(5, 5), count(3, 5));
    close(fiveToThree.interval.low, -0.7693);
    close(fiveToThree.interval.high, 0.1182);
    expect(fiveToThree.verdict).toBe('inconclusive');

    const pooled = compareProportions(count(125, 125), count(115, 125));
    close(pooled.interval.low, -0.141);
    close(pooled.interval.high, -0.0333);
    expect(pooled.verdict).toBe('regressed');
  });

  it('matches Newcombe (1998) Table II example (a), 56/70 vs 48/80, method 10: 0.0524 to 0.3339', () => {
    // The paper reports baseline − current; ours is current − baseline, so the signs flip.
    const interval = newcombeInterval(count(56, 70), count(48, 80));
    close(interval.low, -0.3339);
    close(interval.high, -0.0524);
  });

  it('matches values computed independently', () => {
    // Computed with a separate Python script: L = d − sqrt((p2 − l2)² + (u1 − p1)²),
    // U = d + sqrt((u2 − p2)² + (p1 − l1)²), d = p2 − p1, Wilson bounds at z = 1.96.
    const cases: [number, number, number, number, number, number][] = [
      [2, 5, 5, 5, 0.02978, 0.882382],
      [4, 5, 4, 5, -0.454972, 0.454972],
      [20, 20, 10, 20, -0.700705, -0.242618],
    ];
    for (const [p1, n1, p2, n2, low, high] of cases) {
      const interval = newcombeInterval(count(p1, n1), count(p2, n2));
      close(interval.low, low);
      close(interval.high, high);
    }
  });

  it('holds an unchanged or improved rate, and cannot tell with no trials', () => {
    expect(compareProportions(count(5, 5), count(5, 5)).verdict).toBe('held');
    expect(compareProportions(count(4, 5), count(4, 5)).verdict).toBe('held');
    expect(compareProportions(count(2, 5), count(5, 5)).verdict).toBe('held');
    expect(compareProportions(count(4, 5), count(3, 5)).verdict).toBe('inconclusive');
    expect(compareProportions(count(0, 0), count(5, 5)).verdict).toBe('inconclusive');
    expect(compareProportions(count(5, 5), count(0, 0)).verdict).toBe('inconclusive');
  });
});
