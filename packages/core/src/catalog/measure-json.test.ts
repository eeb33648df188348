import { describe, expect, it } from 'vitest';

import { MAX_ITEM_DEPTH } from './catalog-budget.js';
import { measureEntry, measureJson } from './measure-json.js';
import { TOOL_ENTRY_MEMBERS } from './tool-entry.js';

const stringified = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

const HOSTILE = ['\ud800', '\udfff', 'x\ud83d', '\u0000\u001f\u007f', '"\\\b\f\n\r\t', '\u2028\u2029', '😀\u{10ffff}', '\ufeff\uffff'];

/** `levels` of objects and arrays in turn, each with a hostile key and a hostile string beside. */
function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i += 1) {
    const text = HOSTILE[i % HOSTILE.length] as string;
    value = i % 2 === 0 ? { [text]: value, [`k${text}`]: text } : [value, text, i];
  }
  return value;
}

describe('measureJson', () => {
  it.each([
    ['scalars', [null, true, false, 0, -0, 1.5, 1e21, -3, 'plain', '']],
    ['escapes and non-ASCII', { 'k"\\\n': 'é漢字😀\u0000\u2028', tab: '\t' }],
    ['empty containers', { a: {}, b: [], c: [[], [{}]] }],
    ['left-out members and null slots', { a: undefined, b: 1, c: [undefined, Number.NaN, Infinity] }],
    ['hostile strings as values and keys', Object.fromEntries(HOSTILE.map((text, i) => [text, [text, { [text]: i }]]))],
    [
      'big, tiny and negative numbers',
      [1e21, -1e21, 1.7976931348623157e308, 5e-324, -1e-7, 123456789012345680000, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, -0, 0.1 + 0.2],
    ],
    ['nesting at MAX_ITEM_DEPTH, hostile text at every level', nested(MAX_ITEM_DEPTH)],
    ['left-out functions and symbols', { f: () => 1, s: Symbol('s'), a: [() => 1, Symbol('t')], kept: true }],
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
    expect(measureJson(nested(MAX_ITEM_DEPTH)).depth).toBe(MAX_ITEM_DEPTH);
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

describe('measureEntry', () => {
  const pick = (entry: Record<string, unknown>, members: ReadonlySet<string>): Record<string, unknown> =>
    Object.fromEntries(Object.entries(entry).filter(([key]) => members.has(key)));

  it.each([
    [
      'a tool entry',
      { name: 'echo', description: 'Echoes. é\u2028', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
    ],
    ['an entry with only some members', { name: 'x\ud800', title: 'T', outputSchema: { type: 'object', properties: {} } }],
    ['an entry with none of them', { title: 'T', _meta: { a: [1, 2] } }],
    ['left-out members', { name: 'n', description: undefined, inputSchema: nested(MAX_ITEM_DEPTH - 1), icons: undefined }],
    ['hostile member names', Object.fromEntries(HOSTILE.map((text) => [text, text]))],
  ])('counts %s and the entry cut down to the model members as JSON.stringify encodes them', (_name, entry) => {
    const size = measureEntry(entry, TOOL_ENTRY_MEMBERS);
    expect(size.bytes).toBe(stringified(entry));
    expect(size.depth).toBe(measureJson(entry).depth);
    expect(size.entryBytes).toBe(stringified(pick(entry, TOOL_ENTRY_MEMBERS)));
  });

  it('picks members of the entry itself, never of the values inside it', () => {
    const entry = { inputSchema: { name: 'inner', description: 'inner' }, other: { name: 'nested' } };
    expect(measureEntry(entry, TOOL_ENTRY_MEMBERS).entryBytes).toBe(stringified({ inputSchema: entry.inputSchema }));
  });

  it('without members, the entry is the whole value', () => {
    const entry = { name: 'n', extra: [1, 'two'] };
    expect(measureEntry(entry)).toEqual({ bytes: stringified(entry), depth: 2, entryBytes: stringified(entry) });
  });
});
