import { describe, expect, it } from 'vitest';

import { jsonStringBytes } from './json-string-bytes.js';

const stringified = (text: string): number => Buffer.byteLength(JSON.stringify(text), 'utf8');

/** A small seeded generator (mulberry32), so a failing string can be found again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Code units at every boundary the encoder has: controls and their short escapes, quote and
// backslash, DEL, the 1/2/3-byte UTF-8 edges, both surrogate halves, U+2028/U+2029, BOM, U+FFFF.
const EDGES = [
  0x00, 0x01, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x2f, 0x5b, 0x5c, 0x5d, 0x7e, 0x7f, 0x80, 0xe9,
  0x7ff, 0x800, 0x6f22, 0xd7ff, 0xd800, 0xd83d, 0xdbff, 0xdc00, 0xde00, 0xdfff, 0xe000, 0x2028, 0x2029, 0xfeff, 0xfffe, 0xffff,
];

describe('jsonStringBytes', () => {
  it.each([
    ['the empty string', ''],
    ['plain ASCII', 'Catalog tool 1 of 5000: search records.'],
    ['quote, backslash and slash', 'say "hi" \\ back/slash'],
    ['short escapes', '\b\f\n\r\t'],
    ['other control characters', '\u0000\u0001\u000b\u001f\u007f'],
    ['a lone high surrogate', 'a\ud83d'],
    ['a lone low surrogate', '\ude00b'],
    ['a reversed pair', '\ude00\ud83d'],
    ['two high surrogates then a low one', '\ud83d\ud83d\ude00'],
    ['astral characters', '😀𝔘𠀀\u{10ffff}'],
    ['line and paragraph separators', 'a\u2028b\u2029c'],
    ['BOM, U+FFFE and U+FFFF', '\ufeff\ufffe\uffff'],
    ['2- and 3-byte characters', 'é漢字ߐࠀ'],
    ['a long plain run', 'x'.repeat(100_000)],
    ['a long run with one escape at the end', `${'x'.repeat(100_000)}\n`],
  ])('counts %s exactly as JSON.stringify encodes it', (_name, text) => {
    expect(jsonStringBytes(text)).toBe(stringified(text));
  });

  it('counts every single UTF-16 code unit exactly', () => {
    const wrong: number[] = [];
    for (let unit = 0; unit <= 0xffff; unit += 1) {
      const text = String.fromCharCode(unit);
      if (jsonStringBytes(text) !== stringified(text)) wrong.push(unit);
    }
    expect(wrong).toEqual([]);
  });

  it('counts every pair of boundary code units exactly (surrogates paired, reversed and doubled)', () => {
    const wrong: string[] = [];
    for (const a of EDGES)
      for (const b of EDGES) {
        const text = String.fromCharCode(a, b);
        if (jsonStringBytes(text) !== stringified(text)) wrong.push(`${a.toString(16)},${b.toString(16)}`);
      }
    expect(wrong).toEqual([]);
  });

  it('counts 5,000 random strings of boundary and plain code units exactly', () => {
    const next = random(20_261_202);
    const wrong: string[] = [];
    for (let n = 0; n < 5_000; n += 1) {
      const units = Array.from({ length: Math.floor(next() * 40) }, () =>
        next() < 0.5 ? (EDGES[Math.floor(next() * EDGES.length)] as number) : 0x20 + Math.floor(next() * 0x5f),
      );
      const text = String.fromCharCode(...units);
      if (jsonStringBytes(text) !== stringified(text)) wrong.push(JSON.stringify(text));
    }
    expect(wrong).toEqual([]);
  });
});
