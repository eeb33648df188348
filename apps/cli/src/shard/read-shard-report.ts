import type { RunReport, RunShard } from '@mcp-eval/core/record';
import { parseReport } from '@mcp-eval/reporters';

import { UsageError } from '../cli-error.js';
import type { Io } from '../io.js';
import { readReportText } from '../read-report-text.js';

/** A `run --shard` report, read and validated, with the file name it came from (the user's own words). */
export interface ShardReport {
  readonly file: string;
  readonly report: RunReport & { readonly shard: RunShard };
}

/**
 * One shard report for `merge`: bounded, validated as `parseReport` does, and refused (exit 2) unless
 * it is a `run --shard k/n` report. Messages name the file and JSON paths, never the file's content.
 */
export async function readShardReport(file: string, io: Io): Promise<ShardReport> {
  const parsed = parseReport(await readReportText(io, file, file, 'merge reads no larger shard report'));
  if (!parsed.ok) {
    throw new UsageError(
      `${file} is not an MCP Eval JSON report (${parsed.errors.length} problems, first: ${parsed.errors[0] ?? 'unknown'})`,
    );
  }
  const { report } = parsed;
  if (report.command !== 'run' || report.shard === undefined) {
    throw new UsageError(`${file} is not a shard report; merge joins the reports of \`mcp-eval run --shard k/n\``);
  }
  return { file, report: { ...report, shard: report.shard } };
}
