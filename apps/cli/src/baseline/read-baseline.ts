import type { RunReport } from '@mcp-eval/core';
import { parseReport } from '@mcp-eval/reporters';

import { UsageError } from '../cli-error.js';
import type { Io } from '../io.js';
import { readReportText } from '../read-report-text.js';

/** The reports each command accepts as its baseline: `run` also takes a `snapshot` (catalog drift only). */
const ACCEPTED: Readonly<Record<'run' | 'conformance', readonly RunReport['command'][]>> = {
  run: ['run', 'snapshot'],
  conformance: ['conformance'],
};

/**
 * Reads `--baseline <report.json>`: a JSON report a previous run of the same command wrote (`run`
 * for `run`, `conformance` for `conformance`), or for `run` a `mcp-eval snapshot`. Read before
 * anything connects, so a bad baseline costs no server time. Messages never quote the file.
 */
export async function readBaseline(path: string, io: Io, command: 'run' | 'conformance' = 'run'): Promise<RunReport> {
  const parsed = parseReport(await readReportText(io, path, `--baseline ${path}`, 'not read'));
  if (!parsed.ok) {
    throw new UsageError(
      `--baseline ${path} is not an MCP Eval JSON report (${parsed.errors.length} problems, first: ${parsed.errors[0] ?? 'unknown'})`,
    );
  }
  if (!ACCEPTED[command].includes(parsed.report.command)) {
    throw new UsageError(
      `--baseline ${path} is a report of \`mcp-eval ${parsed.report.command}\`; a baseline must come from \`mcp-eval ${ACCEPTED[command].join('` or `mcp-eval ')}\``,
    );
  }
  return parsed.report;
}
