import { describe, expect, it } from 'vitest';

import { isSafeAddress, resolveAddress, withValueAt } from './json-pointer.js';

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

describe('unsafe tokens', () => {
  // Each would reach Object.prototype through a plain object if the walk followed inherited keys.
  const hostile = ['/__proto__/polluted', '/constructor/prototype/polluted', '/a/__proto__/polluted', '__proto__'];

  it.each(hostile)('withValueAt(%j) never writes to Object.prototype, even unvalidated', (address) => {
    const result = withValueAt({ a: { b: 1 } }, address, 'payload');
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Nothing inherited is addressable: only a last `__proto__` token becomes an own key.
    if (address === '__proto__') {
      expect(result !== undefined && Object.hasOwn(result as object, '__proto__')).toBe(true);
      expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    } else {
      expect(result).toBeUndefined();
    }
  });

  it('resolveAddress reads own properties only', () => {
    expect(resolveAddress({}, '/constructor/name')).toBeUndefined();
    expect(resolveAddress({ a: {} }, '/a/__proto__')).toBeUndefined();
    expect(resolveAddress([], '/length')).toBeUndefined();
  });

  it('isSafeAddress refuses the three tokens anywhere, escaped or not', () => {
    for (const address of ['__proto__', 'constructor', 'prototype', '/a/__proto__', '/constructor', '/x/prototype/y']) {
      expect(isSafeAddress(address), address).toBe(false);
    }
    for (const address of ['nextCursor', '/a/b', '/__proto__x', 'proto', '/a~1__proto__'])
      expect(isSafeAddress(address), address).toBe(true);
  });
});
