import { UsageError, EXIT } from '../cli-error.js';
import { describeChecks } from '../check-docs/describe-checks.js';
import { formatCheckCatalog } from '../check-docs/format-check-catalog.js';
import type { FlagValues } from '../flags/flag.js';
import type { PROBES_FLAGS } from '../flags/probes-flags.js';
import type { Io } from '../io.js';

export type ProbesFlags = FlagValues<typeof PROBES_FLAGS>;

/**
 * `mcp-eval probes [check] [--json]`: every check (dimensions, probes, conformance checks, lint
 * rules, model checks) with its parameters and labels, read from the registries. One check when named.
 */
export async function probesCommand(io: Io, checkArg: string | undefined, flags: ProbesFlags): Promise<number> {
  const catalog = describeChecks();
  const selected = checkArg === undefined ? catalog : { ...catalog, checks: catalog.checks.filter((c) => c.id === checkArg) };
  if (selected.checks.length === 0) throw new UsageError(`no check is named \`${checkArg ?? ''}\`; run \`mcp-eval probes\` for the list`);
  io.stdout.write(flags.json ? `${JSON.stringify(selected, null, 2)}\n` : formatCheckCatalog(selected));
  return EXIT.ok;
}
