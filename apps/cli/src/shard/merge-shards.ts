import { maxOf, minOf } from '@mcp-eval/protocol';
import type { CatalogFingerprints, CheckInfo, ModelColumn, ReviewedEntryState, RunReport, RunTarget } from '@mcp-eval/core';
import { modelColumns } from '@mcp-eval/core';

import type { ShardReport } from './read-shard-report.js';

/** The merged run, before `createRunReport` wraps it (the shards' checks are already `CheckInfo`). */
export interface MergedRun {
  readonly manifest?: string;
  readonly target: RunTarget;
  readonly startedAt: Date;
  readonly durationMs: number;
  readonly records: RunReport['cases'];
  readonly checks: readonly CheckInfo[];
  readonly invocationErrors: readonly { readonly label: string }[];
  readonly models: readonly ModelColumn[];
  readonly reviewedEntries: readonly ReviewedEntryState[];
  /** The catalog the shards read (`shardProblems` refuses shards whose catalogs differ); absent when none read one. */
  readonly catalog?: CatalogFingerprints;
}

/** What one reviewed entry became over every shard: applied anywhere wins, then expired; stale only if stale everywhere. */
const STATE_RANK: Readonly<Record<ReviewedEntryState['state'], number>> = { applied: 2, expired: 1, stale: 0 };

function mergeReviewed(shards: readonly ShardReport[]): ReviewedEntryState[] {
  const byEntry = new Map<string, ReviewedEntryState>();
  for (const shard of shards) {
    for (const entry of shard.report.reviewedEntries ?? []) {
      const key = JSON.stringify([entry.family, entry.check, entry.tool ?? null, entry.model ?? null, entry.location]);
      const known = byEntry.get(key);
      if (known === undefined || STATE_RANK[entry.state] > STATE_RANK[known.state]) byEntry.set(key, entry);
    }
  }
  return [...byEntry.values()];
}

function firstOfEach<T>(items: readonly T[], key: (item: T) => string): T[] {
  const kept = new Map<string, T>();
  for (const item of items) if (!kept.has(key(item))) kept.set(key(item), item);
  return [...kept.values()];
}

/**
 * The n shards (already checked by `shardProblems`) as one run: every record, in shard order; the
 * checks they name; the catalog they read; model columns re-pooled over all their records (a rate pooled per shard is not
 * the run's); the span from the first start to the last end.
 */
export function mergeShards(shards: readonly ShardReport[]): MergedRun {
  const ordered = [...shards].sort((a, b) => a.report.shard.index - b.report.shard.index);
  const records = ordered.flatMap((shard) => shard.report.cases);
  const starts = ordered.map((shard) => Date.parse(shard.report.startedAt));
  const ends = ordered.map((shard) => Date.parse(shard.report.startedAt) + shard.report.durationMs);
  const startedAt = minOf(starts);
  const protocol = ordered.map((shard) => shard.report.target.protocol).find((p) => p !== undefined);
  const [first] = ordered;
  if (first === undefined) throw new TypeError('mergeShards: no shards');
  const { transport, identity } = first.report.target;
  const catalog = ordered.map((shard) => shard.report.catalog).find((c) => c !== undefined);
  const columns = firstOfEach(
    ordered.flatMap((shard) => shard.report.models ?? []),
    (column) => column.id,
  );
  return {
    ...(first.report.manifest === undefined ? {} : { manifest: first.report.manifest }),
    target: { transport, ...(protocol === undefined ? {} : { protocol }), ...(identity === undefined ? {} : { identity }) },
    startedAt: new Date(startedAt),
    durationMs: maxOf(ends) - startedAt,
    records,
    checks: firstOfEach(
      ordered.flatMap((shard) => shard.report.checks),
      (check) => check.id,
    ),
    invocationErrors: ordered.flatMap((shard) => shard.report.invocationErrors ?? []),
    models: modelColumns(columns, records),
    reviewedEntries: mergeReviewed(ordered),
    ...(catalog === undefined ? {} : { catalog }),
  };
}
