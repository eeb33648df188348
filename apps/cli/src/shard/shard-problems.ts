import { pushAll } from '@mcp-eval/protocol';
import { canonicalJson } from '@mcp-eval/core';

import { baselineMismatches } from '../baseline/baseline-identity.js';
import { assignmentProblems, manifestCoverageProblems } from './coverage-problems.js';
import type { ShardReport } from './read-shard-report.js';
import type { ShardUnit } from '@mcp-eval/core';
import { shardOf } from '@mcp-eval/core';
import { shardName, unitName } from './unit-name.js';

/** Most problems `merge` names before `… and N more`. */
export const MAX_SHOWN_SHARD_PROBLEMS = 20;

/** Shards that are not parts of one run: another manifest, target or tool version, or another split. */
function sameRunProblems(first: ShardReport, shard: ShardReport): string[] {
  const found: string[] = [];
  if (shard.report.shard.count !== first.report.shard.count)
    found.push(`it splits into ${shard.report.shard.count} shards, not ${first.report.shard.count}`);
  if (shard.report.shard.manifest !== first.report.shard.manifest) found.push('another manifest (its hash differs)');
  if (shard.report.tool.version !== first.report.tool.version)
    found.push(`written by mcp-eval ${shard.report.tool.version}, not ${first.report.tool.version}`);
  // The target's transport, identity hash and protocol, and the manifest path, as --baseline compares them.
  pushAll(
    found,
    baselineMismatches(first.report, {
      ...(shard.report.manifest === undefined ? {} : { manifest: shard.report.manifest }),
      target: shard.report.target,
    }),
  );
  return found.map((problem) => `${shardName(shard)} is not a shard of the same run as ${shardName(first)}: ${problem}`);
}

/**
 * Shards that read different tool catalogs ran against a server that changed between them: their
 * records do not describe one server, and drift would compare an arbitrary one. A shard that read
 * no catalog (it could not connect) has nothing to disagree with.
 */
function catalogProblems(shards: readonly ShardReport[]): string[] {
  const read = shards.filter((shard) => shard.report.catalog !== undefined);
  const [first] = read;
  if (first === undefined) return [];
  const expected = canonicalJson(first.report.catalog);
  return read
    .slice(1)
    .filter((shard) => canonicalJson(shard.report.catalog) !== expected)
    .map(
      (shard) =>
        `${shardName(shard)} read another tool catalog than ${shardName(first)} (their catalog fingerprints differ): the server changed between shards`,
    );
}

/**
 * Why these reports are not the n shards of one run, as fixed sentences naming only file names,
 * shard indices, case ids and model column ids (the user's own words): shards of different runs, a
 * shard given twice or missing, shards that read different catalogs, a case that is in the wrong shard or in more than one,
 * a shard whose records are not the units it was assigned, and (given the manifest's units) a case no shard holds.
 * Empty when they cover the manifest exactly once.
 */
export function shardProblems(shards: readonly ShardReport[], manifestUnits?: readonly ShardUnit[]): string[] {
  const [first] = shards;
  if (first === undefined) return ['no shard reports given'];
  const problems = shards.slice(1).flatMap((shard) => sameRunProblems(first, shard));
  if (problems.length > 0) return problems;
  pushAll(problems, catalogProblems(shards));

  const { count } = first.report.shard;
  const byIndex = new Map<number, ShardReport[]>();
  for (const shard of shards) byIndex.set(shard.report.shard.index, [...(byIndex.get(shard.report.shard.index) ?? []), shard]);
  for (let index = 1; index <= count; index += 1) {
    const given = byIndex.get(index) ?? [];
    if (given.length === 0) problems.push(`shard ${index}/${count} is missing`);
    if (given.length > 1) problems.push(`shard ${index}/${count} is given ${given.length} times: ${given.map((s) => s.file).join(', ')}`);
  }

  // Each record (id, check, model, era) once, in the shard its hash names.
  const seen = new Map<string, number[]>();
  for (const shard of shards) {
    for (const record of shard.report.cases) {
      const home = shardOf(record.id, count, record.model);
      if (home !== shard.report.shard.index)
        problems.push(`${unitName(record.id, record.model)} is in ${shardName(shard)} but belongs to shard ${home}/${count}`);
      const key = JSON.stringify([record.id, record.check, record.model ?? null, record.era ?? null]);
      seen.set(key, [...(seen.get(key) ?? []), shard.report.shard.index]);
    }
  }
  for (const [key, indices] of seen) {
    if (indices.length < 2) continue;
    const [id, , model] = JSON.parse(key) as [string, string, string | null];
    problems.push(`${unitName(id, model ?? undefined)} is doubled: in shards ${indices.map((i) => `${i}/${count}`).join(', ')}`);
  }
  // A shard that lost cases (its summary recounted) is told by its plan, with or without the manifest.
  pushAll(problems, assignmentProblems(shards));
  if (manifestUnits !== undefined) pushAll(problems, manifestCoverageProblems(shards, manifestUnits, count));
  return problems;
}
