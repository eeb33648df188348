import { describe, expect, it } from 'vitest';

import { consoleMeasurements, consoleNumber } from './console-numbers.js';

describe('console numbers', () => {
  it.each([
    [84.61234, '84.6'],
    [0.034412, '0.0344'],
    [13, '13'],
    [1234.567, '1235'],
    [0.5, '0.5'],
    [-2.71828, '-2.72'],
  ])('%s reads %s', (value, text) => {
    expect(consoleNumber(value)).toBe(text);
  });

  it('folds a row of zero counters into one count, keeping the rest', () => {
    const zeros = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`counter${i}`, 0]));
    expect(consoleMeasurements({ requests: 200, ...zeros, throughput: 84.61234 })).toBe('requests=200 throughput=84.6 +12 at 0');
  });

  it('lists a zero or two as they are', () => {
    expect(consoleMeasurements({ errors: 0, tools: 3 })).toBe('errors=0 tools=3');
  });
});
