import { describe, expect, it } from 'vitest';

import { measureJson } from './measure-json.js';

const stringified = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

describe('measureJson', () => {
  it.each([
    ['scalars', [null, true, false, 0, -0, 1.5, 1e21, -3, 'plain', '']],
    ['escapes and non-ASCII', { 'k"\\\n': 'é漢字😀\u0000\u2028', tab: '\t' }],
    ['empty containers', { a: {}, b: [], c: [[], [{}]] }],
    ['left-out members and null slots', { a: undefined, b: 1, c: [undefined, Number.NaN, Infinity] }],
    [
      'a tool entry',
      {
        name: 'echo',
        description: 'Echoes.',
        inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      },
    ],
  ])('counts %s exactly as JSON.stringify encodes them', (_name, value) => {
    expect(measureJson(value).bytes).toBe(stringified(value));
  });

  it('reports nesting depth', () => {
    expect(measureJson('x').depth).toBe(0);
    expect(measureJson({}).depth).toBe(1);
    expect(measureJson({ a: [{ b: 1 }] }).depth).toBe(3);
  });

  it('ends on a cycle, counting the repeated object as null', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(measureJson(cyclic)).toEqual({ bytes: '{"a":1,"self":null}'.length, depth: 1 });
  });

  it('measures 100,000 levels, where JSON.stringify overflows the stack', () => {
    const levels = 100_000;
    let deep: unknown = 'leaf';
    for (let i = 0; i < levels; i += 1) deep = { n: deep };
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    const size = measureJson(deep);
    expect(size.depth).toBe(levels);
    expect(size.bytes).toBe(levels * '{"n":}'.length + '"leaf"'.length);
  });
});
