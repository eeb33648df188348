import { createHash } from 'node:crypto';

import type { Manifest } from '../manifest/manifest-types.js';
import type { CaseRecord, RunShard } from '../record.js';
import { shardOf } from './shard-of.js';

/** Which shard a run is: `--shard k/n`, 1 ≤ k ≤ n ≤ MAX_SHARD_COUNT. */
export type ShardSpec = Pick<RunShard, 'index' | 'count'>;

/** One unit of sharded work, as `shardOf` keys it: a deterministic case, or a behavior case on one model column. */
export interface ShardUnit {
  readonly id: string;
  readonly model?: string;
}

/** The column a behavior case runs on when the manifest writes no `models:` (the model layer's default matrix). */
const DEFAULT_COLUMN = 'lexical';

/** Every unit of the manifest: each deterministic case, and each behavior case on each model column. */
export function manifestUnits(manifest: Pick<Manifest, 'cases' | 'models' | 'golden'>): ShardUnit[] {
  const columns = (manifest.models ?? [{ id: DEFAULT_COLUMN }]).map((column) => column.id);
  return manifest.cases.flatMap((c): ShardUnit[] => {
    if (c.kind !== 'behavior') return [{ id: c.id }];
    // Without `golden:` the model layer runs nothing (a manifest with behavior cases always has it).
    return manifest.golden === undefined ? [] : columns.map((model) => ({ id: c.id, model }));
  });
}

/** The units `run --shard k/n` runs. */
export function unitsOfShard(units: readonly ShardUnit[], shard: ShardSpec): ShardUnit[] {
  return units.filter((unit) => shardOf(unit.id, shard.count, unit.model) === shard.index);
}

/** The units a report's records are of, each once. */
export function recordUnits(records: readonly Pick<CaseRecord, 'id' | 'model'>[]): ShardUnit[] {
  const units = new Map<string, ShardUnit>();
  for (const record of records) {
    const unit = record.model === undefined ? { id: record.id } : { id: record.id, model: record.model };
    units.set(unitKey(unit), unit);
  }
  return [...units.values()];
}

/** A unit as one string: JSON, so no id can collide with another id and column. */
export function unitKey(unit: ShardUnit): string {
  return JSON.stringify([unit.id, unit.model ?? null]);
}

/** What a shard records of its assignment: the count of its units and a hash of their sorted keys. */
export function assignedOf(units: readonly ShardUnit[]): RunShard['assigned'] {
  const keys = units.map(unitKey).sort();
  const hash = createHash('sha256').update(keys.join('\n'), 'utf8').digest('hex').slice(0, 16);
  return { units: keys.length, hash: `sha256:${hash}` };
}
