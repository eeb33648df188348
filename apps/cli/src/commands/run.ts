import { dirname } from 'node:path';

import type { Budget, CaseRecord, RunTarget } from '@mcp-eval/core';
import {
  applyModelBaseline,
  behaviorChecks,
  casesFromManifest,
  checks,
  compareWithBaseline,
  DEFAULT_MAX_DROP,
  evaluate,
  summarize,
} from '@mcp-eval/core';
import { createConnector } from '@mcp-eval/transports';

import { requireSameTarget } from '../baseline/baseline-identity.js';
import { writeBaselineNote } from '../baseline/baseline-note.js';
import { readBaseline } from '../baseline/read-baseline.js';
import { targetIdentity } from '../baseline/target-identity.js';
import { UsageError } from '../cli-error.js';
import type { Io } from '../io.js';
import { readManifest } from '../manifest/read-manifest.js';
import type { ModelRunFlags } from '../models/model-flags.js';
import { modelRunOptions } from '../models/model-flags.js';
import { writeModelBaselineNote } from '../models/model-baseline-note.js';
import { runModelLayer } from '../models/run-model-layer.js';
import { targetFromManifest } from '../manifest/target-from-manifest.js';
import { createProgress } from '../output/progress.js';
import type { ReporterFlags } from '../output/prepare-reporters.js';
import { prepareOutput } from '../output/report-output.js';
import { fraction, positiveInt, stringList } from '../parse-flags.js';
import type { CatalogBudgetFlags } from '../target/catalog-budget-flags.js';
import { catalogBudgetFromFlags } from '../target/catalog-budget-flags.js';
import { targetFromFlags } from '../target/target-from-flags.js';
import type { TraceFlags } from '../tracing/run-tracing.js';
import { startRunTracing } from '../tracing/run-tracing.js';

export interface RunFlags extends CatalogBudgetFlags, ReporterFlags, ModelRunFlags, TraceFlags {
  readonly allowMutation?: boolean;
  readonly repeat?: unknown;
  readonly only?: unknown;
  readonly timeout?: unknown;
  readonly concurrency?: unknown;
  readonly baseline?: unknown;
  readonly maxDrop?: unknown;
  readonly baselineAnyTarget?: boolean;
  readonly fromConfig?: unknown;
  readonly server?: unknown;
}

/**
 * `mcp-eval run [manifest]`: evaluate, report, and exit 0 (all passed), 1 (any failed) or 2. With
 * `--baseline <previous run.json>`, a case that passed its own gate still fails when its pass rate
 * dropped by more than `--max-drop`, or a measurement it budgets grew beyond its budget.
 */
export async function runCommand(io: Io, manifestArg: string | undefined, flags: RunFlags): Promise<number> {
  const repeat = positiveInt(flags.repeat, '--repeat');
  const timeoutMs = positiveInt(flags.timeout, '--timeout');
  const concurrency = positiveInt(flags.concurrency, '--concurrency');
  const only = stringList(flags.only, '--only');
  const modelOptions = modelRunOptions(flags);
  // The reviewed file sits beside the manifest.
  const output = await prepareOutput(flags, io, { beside: dirname(manifestArg ?? 'mcp-eval.yaml') });
  const tracing = startRunTracing(flags, io);
  const [baselinePath] = stringList(flags.baseline, '--baseline').slice(-1);
  const maxDrop = fraction(flags.maxDrop, '--max-drop');
  if (maxDrop !== undefined && baselinePath === undefined)
    throw new UsageError('--max-drop applies only with --baseline <previous run.json>');
  if (flags.baselineAnyTarget === true && baselinePath === undefined)
    throw new UsageError('--baseline-any-target applies only with --baseline <previous run.json>');

  const manifest = await readManifest(manifestArg ?? 'mcp-eval.yaml', io);
  const baseline = baselinePath === undefined ? undefined : await readBaseline(baselinePath, io);
  const unknownOnly = only.filter((id) => !manifest.cases.some((c) => c.id === id));
  if (unknownOnly.length > 0) throw new UsageError(`--only names no case in the manifest: ${unknownOnly.join(', ')}`);
  const selected = only.length === 0 ? manifest.cases : manifest.cases.filter((c) => only.includes(c.id));

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
    });
    const runTarget: RunTarget = {
      transport: target.transport,
      ...(evaluation.protocol === undefined ? {} : { protocol: evaluation.protocol }),
      identity,
    };
    // The negotiated protocol is known only now.
    sameTarget(runTarget);

    let records: readonly CaseRecord[] = evaluation.records;
    let modelRecords: readonly CaseRecord[] = behavior.records;
    if (baseline !== undefined) {
      const budgets: Record<string, Budget> = {};
      for (const c of selected) if (c.budget !== undefined) budgets[c.id] = c.budget;
      const comparison = compareWithBaseline(
        records,
        baseline.cases.filter((c) => c.kind !== 'behavior'),
        { maxDrop: maxDrop ?? DEFAULT_MAX_DROP, budgets },
      );
      // Model records: the Newcombe interval per case and pooled per column, not --max-drop.
      const judged = applyModelBaseline(modelRecords, baseline.cases, manifest.golden?.failOnInconclusive === true);
      modelRecords = judged.records;
      writeModelBaselineNote(io, judged.comparison);
      records = comparison.records;
      writeBaselineNote(io, comparison, baseline.cases);
    }
    const allRecords = [...records, ...modelRecords];
    await tracing.finish('run', summarize(allRecords));
    return {
      manifest: manifest.file,
      target: runTarget,
      runId: tracing.trace.traceId,
      records: allRecords,
      checks: [...checks, ...behaviorChecks],
      invocationErrors: [...evaluation.invocationErrors, ...behavior.invocationErrors],
      models: behavior.models,
    };
  });
}
