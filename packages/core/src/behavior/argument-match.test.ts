import { describe, expect, it } from 'vitest';
import type { ArgumentMatch } from './argument-match.js';
import { allowsOmission, matchesValue } from './argument-match.js';
import { canonicalEqual } from './canonical-equal.js';
import { normalizeString } from './normalize-value.js';

describe('match modes', () => {
  it('exact is canonical deep-equal: key order free, array order and types not', () => {
    const exact: ArgumentMatch = { match: 'exact', value: { a: [1, 2], b: { c: 'x' } } };
    expect(matchesValue(exact, { b: { c: 'x' }, a: [1, 2] })).toBe(true);
    expect(matchesValue(exact, { a: [2, 1], b: { c: 'x' } })).toBe(false);
    expect(matchesValue({ match: 'exact', value: 'A-17' }, 'A-17')).toBe(true);
    expect(matchesValue({ match: 'exact', value: '17' }, 17)).toBe(false);
    expect(matchesValue(exact, { a: [1, 2], b: { c: 'x' }, d: null })).toBe(false);
  });

  it('one_of accepts any listed value', () => {
    const oneOf: ArgumentMatch = { match: 'one_of', values: ['open', 'reopened'] };
    expect(matchesValue(oneOf, 'reopened')).toBe(true);
    expect(matchesValue(oneOf, 'closed')).toBe(false);
  });

  it('normalized strips the BFCL characters and case, inside structures too', () => {
    expect(normalizeString('San Francisco, CA')).toBe('sanfranciscoca');
    expect(normalizeString("it's")).toBe('it"s');
    expect(matchesValue({ match: 'normalized', value: 'A-17' }, 'a 17')).toBe(true);
    expect(matchesValue({ match: 'normalized', value: ['New-York'] }, ['new york'])).toBe(true);
    expect(matchesValue({ match: 'normalized', value: 'A-17' }, 'A-18')).toBe(false);
  });

  it('pattern tests strings only, through the bounded worker', () => {
    const pattern: ArgumentMatch = { match: 'pattern', value: '^A-\\d+$' };
    expect(matchesValue(pattern, 'A-17')).toBe(true);
    expect(matchesValue(pattern, 'A-x')).toBe(false);
    expect(matchesValue(pattern, 17)).toBe(false);
    // A hostile manifest regex does not hang: it times out and does not match.
    expect(matchesValue({ match: 'pattern', value: '^(a+)+$' }, `${'a'.repeat(4000)}!`)).toBe(false);
  });

  it('range bounds finite numbers, either end optional', () => {
    expect(matchesValue({ match: 'range', min: 1, max: 10 }, 10)).toBe(true);
    expect(matchesValue({ match: 'range', min: 1, max: 10 }, 11)).toBe(false);
    expect(matchesValue({ match: 'range', min: 1 }, 1e9)).toBe(true);
    expect(matchesValue({ match: 'range', max: 1 }, '0')).toBe(false);
  });

  it('present, absent, ignore and optional decide omission', () => {
    expect(matchesValue({ match: 'present' }, null)).toBe(true);
    expect(matchesValue({ match: 'absent' }, false)).toBe(false);
    expect(matchesValue({ match: 'ignore' }, [1])).toBe(true);
    expect(allowsOmission({ match: 'present' })).toBe(false);
    expect(allowsOmission({ match: 'exact', value: 1 })).toBe(false);
    expect(allowsOmission({ match: 'exact', value: 1, optional: true })).toBe(true);
    expect(allowsOmission({ match: 'absent' })).toBe(true);
    expect(allowsOmission({ match: 'ignore' })).toBe(true);
  });

  it('canonicalEqual survives a deeply nested value', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 50_000; i += 1) deep = [deep];
    expect(canonicalEqual(deep as never, deep as never)).toBe(true);
  });
});
