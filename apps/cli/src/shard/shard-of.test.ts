import { describe, expect, it } from 'vitest';

import { UsageError } from '../cli-error.js';
import { shardFlag } from './shard-flag.js';
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

describe('--shard k/n', () => {
  it('reads k/n', () => {
    expect(shardFlag('2/4')).toEqual({ index: 2, count: 4 });
    expect(shardFlag('1/1')).toEqual({ index: 1, count: 1 });
    expect(shardFlag('256/256')).toEqual({ index: 256, count: 256 });
    expect(shardFlag(undefined)).toBeUndefined();
  });

  it.each(['0/4', '5/4', '2/0', '1/257', '2', '2/4/1', ' 2/4', '02/4', '-1/4', 'a/b', true, 3])('refuses %j with exit 2', (value) => {
    expect(() => shardFlag(value)).toThrow(UsageError);
    expect(() => shardFlag(value)).toThrow('--shard must be k/n with 1 <= k <= n <= 256');
  });
});
