import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import { reporters } from '@mcp-eval/reporters';

import type { Io } from '../io.js';
import type { ReporterTarget } from './reporter-targets.js';

/** Renders the report once per target and writes it where the target says. */
export async function writeReports(report: RunReport, targets: readonly ReporterTarget[], io: Io, color: boolean): Promise<void> {
  for (const target of targets) {
    const text = reporters[target.name].format(report, { color: color && target.destination === 'stdout' });
    if (target.destination === 'stdout') {
      io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    } else {
      await mkdir(dirname(target.path), { recursive: true });
      await writeFile(target.path, text, 'utf8');
    }
  }
}
