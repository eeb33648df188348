import { resolve } from 'node:path';

import type { RunReport, RunShard } from '@mcp-eval/core/record';
import { parseReport } from '@mcp-eval/reporters';

import { UsageError } from '../cli-error.js';
import type { Io } from '../io.js';
import { readBoundedFile } from '../read-bounded-file.js';

/** Largest shard report `merge` reads (bytes): far above a few thousand cases' report, far below memory trouble. */
export const MAX_SHARD_REPORT_BYTES = 64 * 1024 * 1024;

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
  let bytes: Buffer | 'too-large' | 'changed';
  try {
    bytes = await readBoundedFile(resolve(io.cwd, file), MAX_SHARD_REPORT_BYTES);
  } catch (error) {
    throw new UsageError(`${file}: cannot read the report (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);
  }
  if (bytes === 'too-large')
    throw new UsageError(`${file} is larger than ${MAX_SHARD_REPORT_BYTES} bytes; merge reads no larger shard report`);
  if (bytes === 'changed') throw new UsageError(`${file} grew while it was read; merge the reports once every shard has finished`);
  const parsed = parseReport(bytes.toString('utf8'));
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
