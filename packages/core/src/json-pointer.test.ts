import { describe, expect, it } from 'vitest';

import { resolveAddress, withValueAt } from './json-pointer.js';

describe('resolveAddress', () => {
  const doc = { a: { 'b/c': [10, { d: 'x' }], 'e~f': 1 }, top: 0 };

  it('reads top-level names and pointers, with escapes', () => {
    expect(resolveAddress(doc, 'top')).toBe(0);
    expect(resolveAddress(doc, '/a/b~1c/1/d')).toBe('x');
    expect(resolveAddress(doc, '/a/e~0f')).toBe(1);
    expect(resolveAddress(doc, '')).toBeUndefined();
  });

  it('is undefined for missing paths, bad indexes and inherited keys', () => {
    expect(resolveAddress(doc, '/a/missing')).toBeUndefined();
    expect(resolveAddress(doc, '/a/b~1c/01')).toBeUndefined();
    expect(resolveAddress(doc, 'toString')).toBeUndefined();
    expect(resolveAddress(doc, '/a/b~1c/5')).toBeUndefined();
  });
});

describe('withValueAt', () => {
  it('replaces in a deep copy, leaving the original alone', () => {
    const original = { q: { text: 'hi' }, list: ['a'] };
    expect(withValueAt(original, '/q/text', 'xx')).toEqual({ q: { text: 'xx' }, list: ['a'] });
    expect(withValueAt(original, 'list', 'yy')).toEqual({ q: { text: 'hi' }, list: 'yy' });
    expect(withValueAt(original, '/list/0', 'zz')).toEqual({ q: { text: 'hi' }, list: ['zz'] });
    expect(original).toEqual({ q: { text: 'hi' }, list: ['a'] });
  });

  it('is undefined when the parent does not exist', () => {
    expect(withValueAt({ a: 1 }, '/missing/deep', 'x')).toBeUndefined();
  });
});
