import type { ShardSpec } from '@mcp-eval/core';
import { MAX_SHARD_COUNT } from '@mcp-eval/core/record';

import { UsageError } from '../cli-error.js';

const SHARD = /^([1-9][0-9]{0,3})\/([1-9][0-9]{0,3})$/;

/** `--shard 2/4`, or undefined when not given; anything else is exit 2. */
export function shardFlag(value: unknown): ShardSpec | undefined {
  if (value === undefined) return undefined;
  const match = typeof value === 'string' ? SHARD.exec(value) : null;
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || index > count || count > MAX_SHARD_COUNT) {
    throw new UsageError(`--shard must be k/n with 1 <= k <= n <= ${MAX_SHARD_COUNT}, e.g. --shard 2/4`);
  }
  return { index, count };
}
