import { dirname } from 'node:path';

import type { RunTarget } from '@mcp-eval/core';
import type { Manifest, RunPlan, RunPlanOptions, RunReport } from '@mcp-eval/core';
import {
  behaviorChecks,
  casesFromManifest,
  checks,
  DRIFT_CHECK_INFO,
  evaluate,
  planRun,
  runOptionsProblem,
  selfRoleWarning,
  summarize,
} from '@mcp-eval/core';
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
import { catalogBudgetFromFlags } from '../target/catalog-budget-flags.js';
import { targetFromFlags } from '../target/target-from-flags.js';
import { startRunTracing } from '../tracing/run-tracing.js';

export type RunFlags = FlagValues<typeof RUN_FLAGS>;

/** The run's plan from core, or its refusal as a usage error (exit 2, nothing run). */
function planned(manifest: Manifest, options: RunPlanOptions, baseline: RunReport | undefined): RunPlan {
  const plan = planRun(manifest, options, baseline);
  if ('problem' in plan) throw new UsageError(plan.problem);
  return plan;
}

/** The server: the manifest's, or with --from-config the client config's (the manifest keeps its protocol and timeout). */
function runServer(manifest: Manifest, flags: RunFlags, io: Io) {
  const fromConfig = flags.fromConfig !== undefined || flags.server !== undefined;
  return fromConfig
    ? targetFromFlags({ fromConfig: flags.fromConfig, server: flags.server }, io).target
    : targetFromManifest(manifest, io.cwd);
}

/**
 * `mcp-eval run [manifest]`: evaluate, report, and exit 0 (all passed), 1 (any failed) or 2. Core's
 * planRun decides the cases, the shard and the steps that judge the records (with `--baseline
 * <previous run.json>`, a case that passed its own gate still fails when its pass rate dropped by
 * more than `--max-drop`, or a measurement it budgets grew beyond its budget); this reads the files,
 * runs the engines and writes the reports.
 */
export async function runCommand(io: Io, manifestArg: string | undefined, flags: RunFlags): Promise<number> {
  const shard = shardFlag(flags.shard);
  const modelOptions = modelRunOptions(flags);
  const manifestPath = manifestArg ?? 'mcp-eval.yaml';
  // The reviewed file sits beside the manifest.
  const output = await prepareOutput(flags, io, { beside: dirname(manifestPath), inputs: [{ role: 'manifest', path: manifestPath }] });
  const tracing = startRunTracing(flags, io);
  const { baseline: baselinePath, maxDrop } = flags;
  const options = { ...flags, shard, baseline: baselinePath !== undefined, timeoutMs: flags.timeout };
  const problem = runOptionsProblem(options);
  if (problem !== undefined) throw new UsageError(problem);

  const manifest = await readManifest(manifestPath, io);
  // The rubrics are known only once the manifest is read; nothing has run yet.
  await output.refuseInputs(rubricInputs(manifest));
  const baseline = baselinePath === undefined ? undefined : await readBaseline(baselinePath, io);
  const plan = planned(manifest, options, baseline);
  const shardRecord = plan.shard === undefined ? undefined : { ...plan.shard, manifest: await manifestHash(manifest.file, io) };
  const cases = casesFromManifest(plan.cases);
  const target = runServer(manifest, flags, io);
  const identity = targetIdentity(target);
  // A baseline of another server or manifest compares nothing real: refuse it before connecting.
  const sameTarget = (runTarget: RunTarget): void => {
    if (baseline !== undefined)
      requireSameTarget(baselinePath ?? '', baseline, { manifest: manifest.file, target: runTarget }, flags.baselineAnyTarget);
  };
  sameTarget({ transport: target.transport, identity });
  const catalogBudget = catalogBudgetFromFlags(flags, manifest.server.catalogBudget);
  const connector = createConnector(target, { protocol: manifest.server.protocol, timeoutMs: plan.timeoutMs });
  const progress = createProgress(io, cases.length);
  return output.run('run', async () => {
    const evaluation = await evaluate({
      connector,
      cases,
      repeat: plan.repeat,
      allowMutation: plan.allowMutation,
      timeoutMs: plan.timeoutMs,
      ...(catalogBudget === undefined ? {} : { catalogBudget }),
      ...(flags.concurrency === undefined ? {} : { concurrency: flags.concurrency }),
      trace: tracing.trace,
      snapshotCatalog: plan.snapshotCatalog,
      onCaseStart: progress.onCaseStart,
      onCaseEnd: progress.onCaseEnd,
    });
    progress.done();
    // Behavior cases: every case on every model column, after the deterministic ones (their own connection).
    const behavior = await runModelLayer(io, {
      ...{ manifest, cases: plan.cases, connector, options: modelOptions },
      ...{ allowMutation: plan.allowMutation, timeoutMs: plan.timeoutMs },
      ...(shard === undefined ? {} : { shard }),
    });
    // A column judging or generating for itself is allowed, but the result is not independent.
    for (const self of behavior.selfRoles ?? []) io.stderr.write(`${selfRoleWarning(self)}\n`);
    const protocol = evaluation.protocol === undefined ? {} : { protocol: evaluation.protocol };
    const runTarget: RunTarget = { transport: target.transport, ...protocol, identity };
    // The negotiated protocol is known only now.
    sameTarget(runTarget);
    const allRecords =
      baseline === undefined
        ? [...evaluation.records, ...behavior.records]
        : applyRunBaseline(io, {
            ...{ records: evaluation.records, modelRecords: behavior.records, baseline, cases: plan.cases, maxDrop },
            ...{ failOnInconclusive: manifest.golden?.failOnInconclusive === true, catalog: evaluation.catalog },
            driftFailOn: manifest.drift?.failOn,
          });
    await tracing.finish('run', summarize(allRecords));
    return {
      ...{ manifest: manifest.file, target: runTarget, runId: tracing.trace.traceId, records: allRecords },
      ...(shardRecord === undefined ? {} : { shard: shardRecord }),
      checks: [...checks, ...behaviorChecks, DRIFT_CHECK_INFO],
      invocationErrors: [...evaluation.invocationErrors, ...behavior.invocationErrors],
      models: behavior.models,
      ...(behavior.roles === undefined ? {} : { roles: behavior.roles }),
      ...(evaluation.catalog === undefined ? {} : { catalog: evaluation.catalog }),
    };
  });
}
