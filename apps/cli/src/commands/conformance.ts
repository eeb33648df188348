import type { Evaluation, RecordEra, RunTarget } from '@mcp-eval/core';
import { applyAssertionLevels, applyExpectedFailures, compareConformanceBaseline, conformanceChecks } from '@mcp-eval/core';
import { MODERN_PROTOCOL_VERSION } from '@mcp-eval/protocol';

import { requireSameTarget } from '../baseline/baseline-identity.js';
import { writeBaselineNote } from '../baseline/baseline-note.js';
import { targetIdentity } from '../baseline/target-identity.js';
import { UsageError } from '../cli-error.js';
import type { ConformanceProtocol } from '../conformance/choose-eras.js';
import { chooseEras, erasOf, runPlannedConformance, splitProtocol } from '../conformance/choose-eras.js';
import { writeExpectedFailuresNote } from '../conformance/expected-failures-note.js';
import type { Io } from '../io.js';
import { createProgress } from '../output/progress.js';
import { prepareOutput } from '../output/report-output.js';
import type { CONFORMANCE_FLAGS } from '../flags/conformance-flags.js';
import type { FlagValues } from '../flags/flag.js';
import { catalogBudgetFromFlags } from '../target/catalog-budget-flags.js';
import { targetFromFlags } from '../target/target-from-flags.js';

export type ConformanceFlags = FlagValues<typeof CONFORMANCE_FLAGS>;

/** The era of a single-era report's records, from its negotiated revision. */
function eraOf(protocol: string | undefined): RecordEra | undefined {
  if (protocol === undefined) return undefined;
  return protocol === MODERN_PROTOCOL_VERSION ? 'modern' : 'legacy';
}

/**
 * `mcp-eval conformance --stdio "<command line>" | --url <url>`: every conformance assertion
 * against one server, no manifest. With `--protocol both`, or by default when the server answers
 * both `server/discover` and `initialize`, every assertion runs once per era and each record says
 * its era. Then, in order: `--baseline` marks a pass that became a failure as regressed;
 * `--expected-failures` lets accepted failures pass and fails stale entries; a failing SHOULD
 * assertion passes as `should-unmet` unless `--strict`. Skips do not fail the run: exit 0 when
 * nothing failed or errored, 1 otherwise, 2 for an invalid invocation (nothing is started then),
 * 4 when the server could not be started or reached (`reportExitCode`).
 */
export async function conformanceCommand(io: Io, flags: ConformanceFlags): Promise<number> {
  const output = await prepareOutput(flags, io, { beside: '.' });
  const { both, targetFlags } = splitProtocol(flags);
  const { target, protocol: targetProtocol, timeoutMs } = targetFromFlags(targetFlags, io);
  const protocol: ConformanceProtocol = both ? 'both' : targetProtocol;
  const catalogBudget = catalogBudgetFromFlags(flags);
  const identity = targetIdentity(target);
  const strict = flags.strict;
  if (flags.baselineAnyTarget !== undefined && flags.baseline === undefined)
    throw new UsageError('--baseline-any-target goes with --baseline <report.json>');

  const expectedPath = flags.expectedFailures;
  // Loaded only when asked for: the YAML parser and the report validator stay off a plain run's start.
  const expected =
    expectedPath === undefined
      ? []
      : await (await import('../conformance/read-expected-failures.js')).readExpectedFailures(expectedPath, io);
  const baselinePath = flags.baseline;
  const baseline =
    baselinePath === undefined
      ? undefined
      : await (await import('../baseline/read-baseline.js')).readBaseline(baselinePath, io, 'conformance');
  // A baseline of another server compares nothing real: refuse it before connecting, and again once the revision is known.
  const sameTarget = (runTarget: RunTarget): void => {
    if (baseline !== undefined) requireSameTarget(baselinePath ?? '', baseline, { target: runTarget }, flags.baselineAnyTarget === true);
  };
  sameTarget({ transport: target.transport, identity });

  const notes: (() => void)[] = [];
  return output.run(
    'conformance',
    async () => {
      const plan = await chooseEras(target, protocol, timeoutMs);
      const progress = createProgress(io, conformanceChecks.length * erasOf(plan));
      const options = {
        timeoutMs,
        ...(catalogBudget === undefined ? {} : { catalogBudget }),
        onCaseStart: progress.onCaseStart,
        onCaseEnd: progress.onCaseEnd,
      };
      const evaluation: Evaluation = await runPlannedConformance(plan, options);
      progress.done();
      const runTarget: RunTarget = {
        transport: target.transport,
        ...(evaluation.protocol === undefined ? {} : { protocol: evaluation.protocol }),
        identity,
      };
      sameTarget(runTarget);

      let records = evaluation.records;
      if (baseline !== undefined) {
        const era = eraOf(evaluation.protocol);
        const baselineEra = eraOf(baseline.target.protocol);
        const comparison = compareConformanceBaseline(records, baseline.cases, {
          ...(era === undefined ? {} : { era }),
          ...(baselineEra === undefined ? {} : { baselineEra }),
        });
        records = comparison.records;
        notes.push(() => writeBaselineNote(io, comparison, baseline.cases));
      }
      if (expectedPath !== undefined) {
        const era = eraOf(evaluation.protocol);
        const applied = applyExpectedFailures(records, expected, { transport: target.transport, ...(era === undefined ? {} : { era }) });
        records = applied.records;
        notes.push(() => writeExpectedFailuresNote(io, applied));
      }
      records = applyAssertionLevels(records, conformanceChecks, strict);
      return { target: runTarget, records, checks: conformanceChecks, invocationErrors: evaluation.invocationErrors };
    },
    () => {
      for (const note of notes) note();
    },
  );
}
