import { describe, expect, it } from 'vitest';

import { shardOf } from './shard-of.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `case-${i}`);

describe('shardOf', () => {
  it('puts every case in exactly one of n shards, the same one on every call', () => {
    for (const id of ids(500)) {
      const shard = shardOf(id, 4);
      expect(shard).toBeGreaterThanOrEqual(1);
      expect(shard).toBeLessThanOrEqual(4);
      expect(shardOf(id, 4)).toBe(shard);
    }
  });

  it('adding or removing a case moves no other case', () => {
    const before = new Map(ids(300).map((id) => [id, shardOf(id, 4)]));
    const grown = ['inserted-first', ...ids(300), 'inserted-last'];
    for (const id of grown) if (before.has(id)) expect(shardOf(id, 4)).toBe(before.get(id));
    const shrunk = ids(300).filter((_, i) => i % 7 !== 0);
    for (const id of shrunk) expect(shardOf(id, 4)).toBe(before.get(id));
  });

  it('spreads 1000 cases over 4 shards roughly evenly (each 190-310)', () => {
    const counts = new Map<number, number>();
    for (const id of ids(1000)) counts.set(shardOf(id, 4), (counts.get(shardOf(id, 4)) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([1, 2, 3, 4]);
    for (const n of counts.values()) expect(n).toBeGreaterThan(190);
    for (const n of counts.values()) expect(n).toBeLessThan(310);
  });

  it("keys a behavior case by id and model column, so one case's columns can land in different shards", () => {
    const split = ids(50).some((id) => shardOf(id, 4, 'gpt') !== shardOf(id, 4, 'claude'));
    expect(split).toBe(true);
    expect(shardOf('a', 4, 'gpt')).toBe(shardOf('a', 4, 'gpt'));
  });
});
