import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import { reporters } from '@mcp-eval/reporters';

import type { Io } from '../io.js';
import { errorCode } from './check-destinations.js';
import type { ReporterTarget } from './reporter-targets.js';

/**
 * Renders the report once per target and writes it where the target says. A file that still cannot
 * be written (destinations were checked before the run, but a disk can fill or a path change) does
 * not stop the others: each failure is one fixed line on stderr, and the failed targets are
 * returned so the command can exit non-zero (see `exitStatus`).
 */
export async function writeReports(report: RunReport, targets: readonly ReporterTarget[], io: Io, color: boolean): Promise<readonly ReporterTarget[]> {
  const failed: ReporterTarget[] = [];
  for (const target of targets) {
    const text = reporters[target.name].format(report, { color: color && target.destination === 'stdout' });
    if (target.destination === 'stdout') {
      io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      continue;
    }
    try {
      await mkdir(dirname(target.path), { recursive: true });
      await writeFile(target.path, text, 'utf8');
    } catch (error) {
      failed.push(target);
      io.stderr.write(`mcp-eval: the ${target.name} report could not be written to ${target.path} (${errorCode(error)})\n`);
    }
  }
  return failed;
}
