import { createHash } from 'node:crypto';

/**
 * The shard (1..count) a unit of work belongs to: a hash of its key, never its position, so adding
 * or removing a case moves only that case. A deterministic case's key is its id; a behavior case's
 * is its id and model column, so one case's columns spread over the shards.
 */
export function shardOf(caseId: string, count: number, model?: string): number {
  const key = model === undefined ? caseId : `${caseId}\u0000${model}`;
  const digest = createHash('sha256').update(key, 'utf8').digest();
  return (digest.readUInt32BE(0) % count) + 1;
}
