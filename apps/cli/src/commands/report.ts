import { parseReport } from '@mcp-eval/reporters';

import { UsageError } from '../cli-error.js';
import type { FlagValues } from '../flags/flag.js';
import type { REPORTER_FLAGS } from '../flags/reporter-flags.js';
import type { Io } from '../io.js';
import { prepareOutput } from '../output/report-output.js';
import { readReportText } from '../read-report-text.js';

export type ReportFlags = FlagValues<typeof REPORTER_FLAGS>;

const MAX_SHOWN_ERRORS = 20;

/**
 * `mcp-eval report <run.json>`: re-renders a saved JSON report with any reporters, exactly as the
 * run that wrote it would have. The exit status is the saved run's own (0, or 1 when it failed),
 * so a later job can gate on a report an earlier job wrote.
 */
export async function reportCommand(io: Io, file: string, flags: ReportFlags): Promise<number> {
  const output = await prepareOutput(flags, io, { project: '.', inputs: [{ role: 'saved report', path: file }] });
  const parsed = parseReport(await readReportText(io, file, file, 'report reads no larger file'));
  // parseReport's messages name JSON paths and rules, never the file's content.
  if (!parsed.ok) {
    const shown = parsed.errors.slice(0, MAX_SHOWN_ERRORS).map((e) => `  ${e}`);
    if (parsed.errors.length > MAX_SHOWN_ERRORS) shown.push(`  … and ${parsed.errors.length - MAX_SHOWN_ERRORS} more`);
    throw new UsageError(`${file} is not an MCP Eval JSON report:\n${shown.join('\n')}`);
  }
  return output.write(parsed.report);
}
