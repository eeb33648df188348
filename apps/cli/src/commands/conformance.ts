import type { Evaluation } from '@mcp-eval/core';
import { conformanceChecks, runConformance, runConformanceEras } from '@mcp-eval/core';

import { targetIdentity } from '../baseline/target-identity.js';
import { UsageError } from '../cli-error.js';
import type { ConformanceProtocol } from '../conformance/choose-eras.js';
import { chooseEras } from '../conformance/choose-eras.js';
import type { Io } from '../io.js';
import type { ReporterFlags } from '../output/prepare-reporters.js';
import { createProgress } from '../output/progress.js';
import { prepareOutput } from '../output/report-output.js';
import type { TargetFlags } from '../target/target-from-flags.js';
import type { CatalogBudgetFlags } from '../target/catalog-budget-flags.js';
import { catalogBudgetFromFlags } from '../target/catalog-budget-flags.js';
import { targetFromFlags } from '../target/target-from-flags.js';

export interface ConformanceFlags extends TargetFlags, CatalogBudgetFlags, ReporterFlags {}

/** `--protocol both` is conformance's own; every other value is the target's (`targetFromFlags` checks it). */
function splitProtocol(flags: ConformanceFlags): { readonly both: boolean; readonly targetFlags: TargetFlags } {
  if (flags.protocol !== 'both') return { both: false, targetFlags: flags };
  if (Array.isArray(flags.protocol)) throw new UsageError('--protocol may be given once');
  return { both: true, targetFlags: { ...flags, protocol: undefined } };
}

/**
 * `mcp-eval conformance --stdio "<command line>" | --url <url>`: every conformance assertion
 * against one server, no manifest. With `--protocol both`, or by default when the server answers
 * both `server/discover` and `initialize`, every assertion runs once per era and each record says
 * its era. Assertions that do not apply (era, transport, undeclared capability) are skipped, and
 * skips do not fail the run: exit 0 when nothing failed or errored, 1 otherwise, 2 for an invalid
 * invocation (nothing is started then), 4 when the server could not be started or reached
 * (`reportExitCode`).
 */
export async function conformanceCommand(io: Io, flags: ConformanceFlags): Promise<number> {
  const output = await prepareOutput(flags, io);
  const { both, targetFlags } = splitProtocol(flags);
  const { target, protocol: targetProtocol, timeoutMs } = targetFromFlags(targetFlags, io);
  const protocol: ConformanceProtocol = both ? 'both' : targetProtocol;
  const catalogBudget = catalogBudgetFromFlags(flags);
  const identity = targetIdentity(target);

  return output.run('conformance', async () => {
    const plan = await chooseEras(target, protocol, timeoutMs);
    const progress = createProgress(io, conformanceChecks.length * (plan.kind === 'both' ? 2 : 1));
    const options = { timeoutMs, ...(catalogBudget === undefined ? {} : { catalogBudget }), onCaseStart: progress.onCaseStart, onCaseEnd: progress.onCaseEnd };
    const evaluation: Evaluation = plan.kind === 'both' ? await runConformanceEras(plan.eras, options) : await runConformance(plan.connector, options);
    progress.done();
    return {
      target: { transport: target.transport, ...(evaluation.protocol === undefined ? {} : { protocol: evaluation.protocol }), identity },
      records: evaluation.records,
      checks: conformanceChecks,
      invocationErrors: evaluation.invocationErrors,
    };
  });
}
