import type { ShardReport } from './read-shard-report.js';

/** A shard as messages name it: its file (the user's own words) and its place in the split. */
export const shardName = (shard: ShardReport): string => `${shard.file} (shard ${shard.report.shard.index}/${shard.report.shard.count})`;

/**
 * A case id as a manifest allows it (core's CASE_ID_PATTERN), of a length worth printing. A saved
 * report is untrusted: an id of any other shape is not echoed.
 */
const PRINTABLE_CASE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** A unit of work as `shardOf` keys it: a case id, and a behavior record's model column (schema-checked). */
export function unitName(id: string, model: string | undefined): string {
  const named = PRINTABLE_CASE_ID.test(id) ? `case ${id}` : 'a case whose id is not a manifest case id';
  return model === undefined ? named : `${named} on model ${model}`;
}
