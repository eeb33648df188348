import { open } from 'node:fs/promises';
import { resolve } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import { parseReport } from '@mcp-eval/reporters';

import { UsageError } from '../cli-error.js';
import type { Io } from '../io.js';

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

/** The file's text, refused by its size before reading, and refused if it grows while read. */
async function readBounded(path: string): Promise<string | 'too-large'> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size > MAX_BASELINE_BYTES) return 'too-large';
    const buffer = Buffer.alloc(size + 1);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return filled > size ? 'too-large' : buffer.subarray(0, filled).toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Reads `--baseline <report.json>`: a JSON report a previous run of the same command wrote (`run`
 * for `run`, `conformance` for `conformance`), or for `run` a `mcp-eval snapshot`. Read before
 * anything connects, so a bad baseline costs no server time. Messages never quote the file.
 */
export async function readBaseline(path: string, io: Io, command: 'run' | 'conformance' = 'run'): Promise<RunReport> {
  let text: string | 'too-large';
  try {
    text = await readBounded(resolve(io.cwd, path));
  } catch (error) {
    throw new UsageError(`--baseline ${path}: cannot read the report (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);
  }
  if (text === 'too-large') throw new UsageError(`--baseline ${path} is larger than ${MAX_BASELINE_BYTES} bytes; not read`);
  const parsed = parseReport(text);
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
