import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_INPUT_CHARS, MAX_PATTERN_SOURCE_CHARS, PATTERN_TIME_LIMIT_MS, testPattern } from './bounded-regex.js';

describe('testPattern', () => {
  it('matches, misses and refuses an invalid pattern', () => {
    expect(testPattern('^A-\\d+$', 'A-17')).toBe('match');
    expect(testPattern('^A-\\d+$', 'B-17')).toBe('no-match');
    expect(testPattern('(', 'x')).toBe('invalid');
    expect(testPattern('^a$', 'A', 'i')).toBe('match');
  });

  it('ends a catastrophic pattern within its time limit, then keeps working', () => {
    for (const hostile of ['^(a+)+$', 'a*a*a*a*b', '^(a|a)*$']) {
      const started = Date.now();
      expect(testPattern(hostile, `${'a'.repeat(MAX_PATTERN_INPUT_CHARS - 1)}!`)).toBe('timeout');
      // Generous: the limit plus the time to end the worker on a loaded machine.
      expect(Date.now() - started).toBeLessThan(PATTERN_TIME_LIMIT_MS + 2000);
    }
    expect(testPattern('^ok$', 'ok')).toBe('match');
  });

  it('bounds the input and the pattern source', () => {
    expect(testPattern('a', 'a'.repeat(MAX_PATTERN_INPUT_CHARS + 1))).toBe('too-long');
    expect(testPattern('a'.repeat(MAX_PATTERN_SOURCE_CHARS + 1), 'a')).toBe('invalid');
  });
});
