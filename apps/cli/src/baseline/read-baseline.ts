import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import { parseReport } from '@mcp-eval/reporters';

import { UsageError } from '../cli-error.js';
import type { Io } from '../io.js';

/**
 * Reads `--baseline <report.json>`: a JSON report a previous run of the same command wrote (`run`
 * for `run`, `conformance` for `conformance`). Read before anything connects, so a bad baseline
 * costs no server time. Messages never quote the file.
 */
export async function readBaseline(path: string, io: Io, command: 'run' | 'conformance' = 'run'): Promise<RunReport> {
  let text: string;
  try {
    text = await readFile(resolve(io.cwd, path), 'utf8');
  } catch (error) {
    throw new UsageError(`--baseline ${path}: cannot read the report (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);
  }
  const parsed = parseReport(text);
  if (!parsed.ok) {
    throw new UsageError(
      `--baseline ${path} is not an MCP Eval JSON report (${parsed.errors.length} problems, first: ${parsed.errors[0] ?? 'unknown'})`,
    );
  }
  if (parsed.report.command !== command) {
    throw new UsageError(
      `--baseline ${path} is a report of \`mcp-eval ${parsed.report.command}\`; a baseline must come from \`mcp-eval ${command}\``,
    );
  }
  return parsed.report;
}
