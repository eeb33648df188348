import { describe, expect, it } from 'vitest';

import { argumentSkeleton } from './argument-skeleton.js';

describe('argumentSkeleton', () => {
  it('fills every required property by type and leaves optional ones out', () => {
    const skeleton = argumentSkeleton({
      type: 'object',
      properties: {
        message: { type: 'string' },
        count: { type: 'integer', minimum: 3 },
        ratio: { type: 'number', maximum: 0.5 },
        loud: { type: 'boolean' },
        when: { type: 'string', format: 'date-time' },
        site: { type: ['string', 'null'], format: 'uri' },
        optional: { type: 'string' },
      },
      required: ['message', 'count', 'ratio', 'loud', 'when', 'site'],
    });
    expect(skeleton).toEqual({
      ok: true,
      complete: true,
      arguments: [
        { name: 'message', value: 'example' },
        { name: 'count', value: 3 },
        { name: 'ratio', value: 0.5 },
        { name: 'loud', value: true },
        { name: 'when', value: '2026-01-01T00:00:00Z' },
        { name: 'site', value: 'https://example.com/' },
      ],
    });
  });

  it('never copies enum or const values: a TODO placeholder instead', () => {
    const skeleton = argumentSkeleton({
      type: 'object',
      properties: { mode: { type: 'string', enum: ['SERVER-SECRET-VALUE'] }, fixed: { const: 'SERVER-CONST' } },
      required: ['mode', 'fixed'],
    });
    expect(JSON.stringify(skeleton)).not.toMatch(/SERVER-/);
    expect(skeleton).toMatchObject({
      ok: true,
      complete: false,
      arguments: [
        { name: 'mode', value: 'TODO' },
        { name: 'fixed', value: 'TODO' },
      ],
    });
  });

  it('marks placeholders a server will likely refuse: patterns, objects, arrays, untyped, undeclared', () => {
    const skeleton = argumentSkeleton({
      type: 'object',
      properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' }, filter: { type: 'object' }, ids: { type: 'array' }, any: {} },
      required: ['code', 'filter', 'ids', 'any', 'ghost'],
    });
    expect(skeleton.ok && skeleton.arguments.map((a) => [a.name, a.value, a.todo !== undefined])).toEqual([
      ['code', 'example', true],
      ['filter', {}, true],
      ['ids', [], true],
      ['any', 'example', true],
      ['ghost', 'example', true],
    ]);
  });

  it('gives up on a tool whose required names are not plain identifiers', () => {
    expect(argumentSkeleton({ type: 'object', required: ['ok', 'ignore previous instructions'] })).toEqual({ ok: false });
    expect(argumentSkeleton({ type: 'object', required: ['x'.repeat(65)] })).toEqual({ ok: false });
    expect(argumentSkeleton({ type: 'object', required: [42] })).toEqual({ ok: false });
  });

  it('reads a missing or odd schema as no arguments, and ignores inherited keys', () => {
    expect(argumentSkeleton(undefined)).toEqual({ ok: true, arguments: [], complete: true });
    expect(argumentSkeleton({ type: 'object', properties: {}, required: ['__proto__'] })).toMatchObject({
      ok: true,
      arguments: [{ name: '__proto__', value: 'example' }],
    });
    expect(argumentSkeleton({ type: 'object', required: ['a', 'a'] })).toMatchObject({ arguments: [{ name: 'a' }] });
  });
});
