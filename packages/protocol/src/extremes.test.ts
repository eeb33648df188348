import { describe, expect, it } from 'vitest';

import { maxOf, minOf, pushAll } from './extremes.js';

describe('maxOf, minOf, pushAll', () => {
  it('agree with Math.max and Math.min, NaN and empty included', () => {
    for (const values of [[3, 1, 2], [-5], [1, Number.NaN, 2]]) {
      expect(maxOf(values)).toBe(Math.max(...values));
      expect(minOf(values)).toBe(Math.min(...values));
    }
    expect(maxOf([])).toBe(-Infinity);
    expect(minOf([], 0)).toBe(0);
  });

  it('take arrays far past what a spread into a call survives', () => {
    const values = Array.from({ length: 1_000_000 }, (_, index) => index);
    expect(() => Math.max(...values)).toThrow(RangeError);
    expect(maxOf(values)).toBe(999_999);
    expect(minOf(values)).toBe(0);
    expect(pushAll([-1], values)).toHaveLength(1_000_001);
  });
});
