import { describe, expect, it } from 'vitest';

import { UsageError } from '../cli-error.js';
import { shardFlag } from './shard-flag.js';

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
