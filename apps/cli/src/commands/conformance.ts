import { conformanceChecks, runConformance } from '@mcp-eval/core';
import { createConnector } from '@mcp-eval/transports';

import type { Io } from '../io.js';
import type { ReporterFlags } from '../output/prepare-reporters.js';
import { createProgress } from '../output/progress.js';
import { prepareOutput } from '../output/report-output.js';
import type { TargetFlags } from '../target/target-from-flags.js';
import type { CatalogBudgetFlags } from '../target/catalog-budget-flags.js';
import { catalogBudgetFromFlags } from '../target/catalog-budget-flags.js';
import { targetFromFlags } from '../target/target-from-flags.js';

export interface ConformanceFlags extends TargetFlags, CatalogBudgetFlags, ReporterFlags {}

/**
 * `mcp-eval conformance --stdio "<command line>" | --url <url>`: every conformance assertion
 * against one server, no manifest. Assertions that do not apply (era, transport, undeclared
 * capability) are skipped, and skips do not fail the run: exit 0 when nothing failed or errored,
 * 1 otherwise, 2 for an invalid invocation (nothing is started then), 4 when the server could not
 * be started or reached (`reportExitCode`).
 */
export async function conformanceCommand(io: Io, flags: ConformanceFlags): Promise<number> {
  const output = await prepareOutput(flags, io);
  const { target, protocol, timeoutMs } = targetFromFlags(flags, io);
  const catalogBudget = catalogBudgetFromFlags(flags);

  const connector = createConnector(target, { protocol, timeoutMs });
  const progress = createProgress(io, conformanceChecks.length);
  return output.run('conformance', async () => {
    const evaluation = await runConformance(connector, { timeoutMs, ...(catalogBudget === undefined ? {} : { catalogBudget }), onCaseStart: progress.onCaseStart, onCaseEnd: progress.onCaseEnd });
    progress.done();
    return {
      target: { transport: target.transport, ...(evaluation.protocol === undefined ? {} : { protocol: evaluation.protocol }) },
      records: evaluation.records,
      checks: conformanceChecks,
      invocationErrors: evaluation.invocationErrors,
    };
  });
}
