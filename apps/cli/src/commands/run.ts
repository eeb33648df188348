import { dirname } from 'node:path';

import type { RunTarget } from '@mcp-eval/core';
import { behaviorChecks, casesFromManifest, checks, DRIFT_CHECK_INFO, evaluate, selfRoleWarning, summarize } from '@mcp-eval/core';
import { createConnector } from '@mcp-eval/transports';

import { applyRunBaseline } from '../baseline/apply-run-baseline.js';
import { requireSameTarget } from '../baseline/baseline-identity.js';
import { readBaseline } from '../baseline/read-baseline.js';
import { targetIdentity } from '../baseline/target-identity.js';
import { UsageError } from '../cli-error.js';
import type { FlagValues } from '../flags/flag.js';
import type { RUN_FLAGS } from '../flags/run-flags.js';
import type { Io } from '../io.js';
import { readManifest } from '../manifest/read-manifest.js';
import { modelRunOptions } from '../models/model-flags.js';
import { runModelLayer } from '../models/run-model-layer.js';
import { targetFromManifest } from '../manifest/target-from-manifest.js';
import { createProgress } from '../output/progress.js';
import { rubricInputs } from '../output/input-files.js';
import { prepareOutput } from '../output/report-output.js';
import { manifestHash } from '../shard/manifest-hash.js';
import { shardFlag } from '../shard/shard-flag.js';
import { shardOf } from '../shard/shard-of.js';
import { assignedOf, manifestUnits, unitsOfShard } from '../shard/shard-plan.js';
import { catalogBudgetFromFlags } from '../target/catalog-budget-flags.js';
import { targetFromFlags } from '../target/target-from-flags.js';
import { startRunTracing } from '../tracing/run-tracing.js';

export type RunFlags = FlagValues<typeof RUN_FLAGS>;

/**
 * `mcp-eval run [manifest]`: evaluate, report, and exit 0 (all passed), 1 (any failed) or 2. With
 * `--baseline <previous run.json>`, a case that passed its own gate still fails when its pass rate
 * dropped by more than `--max-drop`, or a measurement it budgets grew beyond its budget.
 */
export async function runCommand(io: Io, manifestArg: string | undefined, flags: RunFlags): Promise<number> {
  const { repeat, timeout: timeoutMs, concurrency, only } = flags;
  const shard = shardFlag(flags.shard);
  const modelOptions = modelRunOptions(flags);
  const manifestPath = manifestArg ?? 'mcp-eval.yaml';
  // The reviewed file sits beside the manifest.
  const output = await prepareOutput(flags, io, { beside: dirname(manifestPath), inputs: [{ role: 'manifest', path: manifestPath }] });
  const tracing = startRunTracing(flags, io);
  const { baseline: baselinePath, maxDrop } = flags;
  if (maxDrop !== undefined && baselinePath === undefined)
    throw new UsageError('--max-drop applies only with --baseline <previous run.json>');
  if (flags.baselineAnyTarget === true && baselinePath === undefined)
    throw new UsageError('--baseline-any-target applies only with --baseline <previous run.json>');
  // A shard is a part of the manifest: --only would leave holes merge cannot see, and a baseline
  // (pooled per model column) compares only the whole, so it goes to `mcp-eval merge`.
  if (shard !== undefined && only.length > 0)
    throw new UsageError('--shard runs a part of the whole manifest; it cannot be combined with --only');
  if (shard !== undefined && baselinePath !== undefined)
    throw new UsageError(
      '--shard: compare the merged run with the baseline instead (mcp-eval merge <shard reports> --baseline <run.json>)',
    );

  const manifest = await readManifest(manifestPath, io);
  // The rubrics are known only once the manifest is read; nothing has run yet.
  await output.refuseInputs(rubricInputs(manifest));
  const baseline = baselinePath === undefined ? undefined : await readBaseline(baselinePath, io);
  const unknownOnly = only.filter((id) => !manifest.cases.some((c) => c.id === id));
  if (unknownOnly.length > 0) throw new UsageError(`--only names no case in the manifest: ${unknownOnly.join(', ')}`);
  const chosen = only.length === 0 ? manifest.cases : manifest.cases.filter((c) => only.includes(c.id));
  // Behavior cases are sharded per (case, model column) in the model layer.
  const selected = shard === undefined ? chosen : chosen.filter((c) => c.kind === 'behavior' || shardOf(c.id, shard.count) === shard.index);
  const shardRecord =
    shard === undefined
      ? undefined
      : { ...shard, manifest: await manifestHash(manifest.file, io), assigned: assignedOf(unitsOfShard(manifestUnits(manifest), shard)) };

  const cases = casesFromManifest(selected);

  // --from-config replaces only where the server is; the manifest keeps its protocol and timeout.
  const fromConfig = flags.fromConfig !== undefined || flags.server !== undefined;
  const target = fromConfig
    ? targetFromFlags({ fromConfig: flags.fromConfig, server: flags.server }, io).target
    : targetFromManifest(manifest, io.cwd);
  const identity = targetIdentity(target);
  // A baseline of another server or manifest compares nothing real: refuse it before connecting.
  const sameTarget = (runTarget: RunTarget): void => {
    if (baseline !== undefined)
      requireSameTarget(baselinePath ?? '', baseline, { manifest: manifest.file, target: runTarget }, flags.baselineAnyTarget === true);
  };
  sameTarget({ transport: target.transport, identity });
  const requestTimeout = timeoutMs ?? manifest.server.timeoutMs;
  const catalogBudget = catalogBudgetFromFlags(flags, manifest.server.catalogBudget);
  const connector = createConnector(target, { protocol: manifest.server.protocol, timeoutMs: requestTimeout });
  const progress = createProgress(io, cases.length);
  return output.run('run', async () => {
    const evaluation = await evaluate({
      connector,
      cases,
      repeat: repeat ?? manifest.repeat,
      allowMutation: manifest.sandbox !== undefined && flags.allowMutation === true,
      timeoutMs: requestTimeout,
      ...(catalogBudget === undefined ? {} : { catalogBudget }),
      ...(concurrency === undefined ? {} : { concurrency }),
      trace: tracing.trace,
      // Drift needs this run's catalog (a shard's too: merge compares it); otherwise the report keeps it only when a case read it anyway.
      snapshotCatalog: baseline === undefined && shard === undefined ? 'if-read' : 'always',
      onCaseStart: progress.onCaseStart,
      onCaseEnd: progress.onCaseEnd,
    });
    progress.done();
    // Behavior cases: every case on every model column, after the deterministic ones (their own connection).
    const allowMutation = manifest.sandbox !== undefined && flags.allowMutation === true;
    const behavior = await runModelLayer(io, {
      manifest,
      cases: selected,
      connector,
      options: modelOptions,
      allowMutation,
      timeoutMs: requestTimeout,
      ...(shard === undefined ? {} : { shard }),
    });
    // A column judging or generating for itself is allowed, but the result is not independent.
    for (const self of behavior.selfRoles ?? []) io.stderr.write(`${selfRoleWarning(self)}\n`);
    const runTarget: RunTarget = {
      transport: target.transport,
      ...(evaluation.protocol === undefined ? {} : { protocol: evaluation.protocol }),
      identity,
    };
    // The negotiated protocol is known only now.
    sameTarget(runTarget);

    const allRecords =
      baseline === undefined
        ? [...evaluation.records, ...behavior.records]
        : applyRunBaseline(io, {
            records: evaluation.records,
            modelRecords: behavior.records,
            baseline,
            cases: selected,
            maxDrop,
            failOnInconclusive: manifest.golden?.failOnInconclusive === true,
            catalog: evaluation.catalog,
            driftFailOn: manifest.drift?.failOn,
          });
    await tracing.finish('run', summarize(allRecords));
    return {
      manifest: manifest.file,
      target: runTarget,
      ...(shardRecord === undefined ? {} : { shard: shardRecord }),
      runId: tracing.trace.traceId,
      records: allRecords,
      checks: [...checks, ...behaviorChecks, DRIFT_CHECK_INFO],
      invocationErrors: [...evaluation.invocationErrors, ...behavior.invocationErrors],
      models: behavior.models,
      ...(behavior.roles === undefined ? {} : { roles: behavior.roles }),
      ...(evaluation.catalog === undefined ? {} : { catalog: evaluation.catalog }),
    };
  });
}
