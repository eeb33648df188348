import type { ShardReport } from './read-shard-report.js';
import type { ShardUnit } from '@mcp-eval/core';
import { assignedOf, recordUnits, unitKey } from '@mcp-eval/core';
import { shardName, unitName } from './unit-name.js';

/**
 * Shards whose records are not the units their run was assigned (`shard.assigned`): a shard that
 * lost cases (deleted, with its summary recounted) still validates, but no longer matches its plan.
 * The plan is a plain hash, not a signature: the manifest check below is the one that names cases.
 */
export function assignmentProblems(shards: readonly ShardReport[]): string[] {
  return shards.flatMap((shard) => {
    const { assigned } = shard.report.shard;
    const held = assignedOf(recordUnits(shard.report.cases));
    if (held.hash === assigned.hash) return [];
    return [
      held.units === assigned.units
        ? `${shardName(shard)} holds other cases than its run was assigned (their fingerprint differs)`
        : `${shardName(shard)} holds ${held.units} of the ${assigned.units} cases its run was assigned`,
    ];
  });
}

/** Every unit of the manifest in some shard, and no unit the manifest does not have: each named. */
export function manifestCoverageProblems(shards: readonly ShardReport[], units: readonly ShardUnit[], count: number): string[] {
  const held = new Map<string, ShardReport>();
  for (const shard of shards) for (const unit of recordUnits(shard.report.cases)) held.set(unitKey(unit), shard);
  const wanted = new Set(units.map(unitKey));
  const missing = units
    .filter((unit) => !held.has(unitKey(unit)))
    .map((unit) => `${unitName(unit.id, unit.model)} is missing: none of the ${count} shards holds it`);
  const extra = [...held]
    .filter(([key]) => !wanted.has(key))
    .map(([key, shard]) => {
      const [id, model] = JSON.parse(key) as [string, string | null];
      return `${unitName(id, model ?? undefined)} is in ${shardName(shard)} but not in the manifest`;
    });
  return [...missing, ...extra];
}
