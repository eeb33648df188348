import { resolve } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import { parseReport } from '@mcp-eval/reporters';

import { UsageError } from '../cli-error.js';
import type { Io } from '../io.js';
import { readBoundedFile } from '../read-bounded-file.js';

/**
 * Largest baseline report or snapshot `--baseline` reads (bytes): far above a few thousand cases'
 * report or a 50,000-tool snapshot (MAX_SNAPSHOT_TOOLS), far below memory trouble.
 */
export const MAX_BASELINE_BYTES = 64 * 1024 * 1024;

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
  let bytes: Buffer | 'too-large' | 'changed';
  try {
    bytes = await readBoundedFile(resolve(io.cwd, path), MAX_BASELINE_BYTES);
  } catch (error) {
    throw new UsageError(`--baseline ${path}: cannot read the report (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);
  }
  if (bytes === 'too-large') throw new UsageError(`--baseline ${path} is larger than ${MAX_BASELINE_BYTES} bytes; not read`);
  if (bytes === 'changed') throw new UsageError(`--baseline ${path} grew while it was read; not used`);
  const parsed = parseReport(bytes.toString('utf8'));
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
