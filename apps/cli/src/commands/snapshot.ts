import type { CatalogFingerprints, RunTarget } from '@mcp-eval/core';
import { evaluate } from '@mcp-eval/core';
import { createConnector } from '@mcp-eval/transports';

import { targetIdentity } from '../baseline/target-identity.js';
import type { Io } from '../io.js';
import type { FlagValues } from '../flags/flag.js';
import type { SNAPSHOT_FLAGS } from '../flags/snapshot-flags.js';
import { prepareOutput } from '../output/report-output.js';
import { snapshotSummary } from '../output/snapshot-summary.js';
import { catalogBudgetFromFlags } from '../target/catalog-budget-flags.js';
import { targetFromFlags } from '../target/target-from-flags.js';

export type SnapshotFlags = FlagValues<typeof SNAPSHOT_FLAGS>;

/**
 * `mcp-eval snapshot --stdio "<command line>" | --url <url> | --from-config <file> --server <name>`:
 * reads the server's tool catalog once and writes it as fingerprints only (a report of command
 * `snapshot` with no cases, `--reporter json=<file>`), the approved release `run --baseline` compares
 * later runs with (docs/drift.md). Exit 0, or 1 when the catalog could not be read whole
 * (`snapshot-incomplete`: it would pin a partial catalog), 4 when the server could not be reached.
 */
export async function snapshotCommand(io: Io, flags: SnapshotFlags): Promise<number> {
  const output = await prepareOutput(flags, io, { project: '.' });
  const { target, protocol, timeoutMs } = targetFromFlags(flags, io);
  const catalogBudget = catalogBudgetFromFlags(flags);
  const identity = targetIdentity(target);
  const connector = createConnector(target, { protocol, timeoutMs });
  let pinned: CatalogFingerprints | undefined;
  const note = (): void => {
    if (pinned !== undefined) io.stderr.write(`${snapshotSummary(pinned, output.files)}\n`);
  };
  return output.run(
    'snapshot',
    async () => {
      const evaluation = await evaluate({
        connector,
        cases: [],
        timeoutMs,
        snapshotCatalog: 'always',
        ...(catalogBudget === undefined ? {} : { catalogBudget }),
      });
      const runTarget: RunTarget = {
        transport: target.transport,
        ...(evaluation.protocol === undefined ? {} : { protocol: evaluation.protocol }),
        identity,
      };
      const { catalog } = evaluation;
      pinned = catalog;
      const incomplete = catalog !== undefined && !catalog.complete ? [{ label: 'snapshot-incomplete' }] : [];
      return {
        target: runTarget,
        records: [],
        checks: [],
        invocationErrors: [...evaluation.invocationErrors, ...incomplete],
        ...(catalog === undefined ? {} : { catalog }),
      };
    },
    note,
  );
}
