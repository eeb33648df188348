import type { Manifest } from '@mcp-eval/core';
import { createRunReport, DRIFT_CHECK_INFO } from '@mcp-eval/core';
import { MAX_SHARD_COUNT } from '@mcp-eval/core/record';

import { applyRunBaseline } from '../baseline/apply-run-baseline.js';
import { requireSameTarget } from '../baseline/baseline-identity.js';
import { readBaseline } from '../baseline/read-baseline.js';
import { UsageError } from '../cli-error.js';
import type { FlagValues } from '../flags/flag.js';
import type { MERGE_FLAGS } from '../flags/merge-flags.js';
import type { Io } from '../io.js';
import { loadValidManifest } from '../manifest/read-manifest.js';
import { prepareOutput } from '../output/report-output.js';
import { manifestHash } from '../shard/manifest-hash.js';
import { mergeShards } from '../shard/merge-shards.js';
import type { ShardReport } from '../shard/read-shard-report.js';
import { readShardReport } from '../shard/read-shard-report.js';
import { requireMergeInputBound, requireReadableOutput } from '../shard/merge-bounds.js';
import { manifestUnits } from '@mcp-eval/core';
import { MAX_SHOWN_SHARD_PROBLEMS, shardProblems } from '../shard/shard-problems.js';
import { cliVersion } from '../version.js';

export type MergeFlags = FlagValues<typeof MERGE_FLAGS>;

/**
 * The manifest the shards ran, read from the path they recorded and kept only when it is byte for
 * byte the one they ran; otherwise why not (a baseline comparison needs it, the coverage check uses it when it can).
 */
async function shardManifest(shard: ShardReport, io: Io): Promise<{ readonly manifest: Manifest } | { readonly why: string }> {
  const path = shard.report.manifest;
  if (path === undefined) return { why: `${shard.file} names no manifest` };
  let hash: string;
  try {
    hash = await manifestHash(path, io);
  } catch (error) {
    return { why: `cannot read the manifest the shards ran, ${path} (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})` };
  }
  if (hash !== shard.report.shard.manifest) return { why: `${path} has changed since (its hash differs)` };
  return { manifest: await loadValidManifest(path, io) };
}

/**
 * `mcp-eval merge <report…>`: joins the JSON reports of `run --shard 1/n` … `n/n` into the run they
 * split, refusing (exit 2) shards of different manifests or targets, and a missing or doubled shard or
 * case. The merged run goes through every reporter and, with `--baseline`, the baseline comparison;
 * the exit status is the merged run's, as `run` would give it.
 */
export async function mergeCommand(io: Io, files: readonly string[], flags: MergeFlags): Promise<number> {
  if (files.length === 0) throw new UsageError('merge needs the shard reports: mcp-eval merge <report.json…>');
  if (files.length > MAX_SHARD_COUNT) throw new UsageError(`merge joins at most ${MAX_SHARD_COUNT} shard reports`);
  const baselinePath = flags.baseline;
  const maxDrop = flags.maxDrop;
  if (maxDrop !== undefined && baselinePath === undefined)
    throw new UsageError('--max-drop applies only with --baseline <previous run.json>');
  if (flags.baselineAnyTarget && baselinePath === undefined)
    throw new UsageError('--baseline-any-target applies only with --baseline <previous run.json>');
  const output = await prepareOutput(flags, io, { project: '.', inputs: files.map((path) => ({ role: 'shard report', path })) });
  const baseline = baselinePath === undefined ? undefined : await readBaseline(baselinePath, io);

  await requireMergeInputBound(files, io);
  const shards: ShardReport[] = [];
  for (const file of files) shards.push(await readShardReport(file, io));
  const [first] = shards;
  if (first === undefined) throw new TypeError('merge: no shards');
  // With the manifest they ran, every case of it is named if no shard holds it.
  const ran = await shardManifest(first, io);
  const problems = shardProblems(shards, 'manifest' in ran ? manifestUnits(ran.manifest) : undefined);
  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_SHOWN_SHARD_PROBLEMS).map((problem) => `  ${problem}`);
    if (problems.length > MAX_SHOWN_SHARD_PROBLEMS) shown.push(`  … and ${problems.length - MAX_SHOWN_SHARD_PROBLEMS} more`);
    throw new UsageError(`cannot merge: these reports are not the shards of one run, each once:\n${shown.join('\n')}`);
  }
  const merged = mergeShards(shards);
  let records = merged.records;
  if (baseline !== undefined && baselinePath !== undefined) {
    requireSameTarget(
      baselinePath,
      baseline,
      { ...(merged.manifest === undefined ? {} : { manifest: merged.manifest }), target: merged.target },
      flags.baselineAnyTarget,
    );
    if (!('manifest' in ran)) throw new UsageError(`--baseline needs the manifest the shards ran: ${ran.why}`);
    const { manifest } = ran;
    records = applyRunBaseline(io, {
      records: records.filter((r) => r.kind !== 'behavior'),
      modelRecords: records.filter((r) => r.kind === 'behavior'),
      baseline,
      cases: manifest.cases,
      maxDrop,
      failOnInconclusive: manifest.golden?.failOnInconclusive === true,
      catalog: merged.catalog,
      driftFailOn: manifest.drift?.failOn,
    });
  }
  const { startedAt, durationMs, ...rest } = merged;
  // The shards ran without a baseline, so none names the drift family its records now use.
  const checks = rest.checks.some((c) => c.id === DRIFT_CHECK_INFO.id) ? rest.checks : [...rest.checks, DRIFT_CHECK_INFO];
  const report = createRunReport({ ...rest, checks, records, command: 'run', toolVersion: cliVersion(), startedAt, durationMs });
  requireReadableOutput(report);
  return output.write(report);
}
