import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import type { FormatOptions, ReportSection } from '@mcp-eval/reporters';

import { knownChecks } from '../check-registry.js';
import type { Io } from '../io.js';
import { errorCode } from './error-code.js';
import type { ReporterTarget } from './reporter-targets.js';

/**
 * A built-in's failure is a bug of ours (the error boundary reports it). A module's is contained:
 * it gets its own copy of the report, so it cannot change what the others render, and a throw or
 * a non-string is `undefined`, its error never printed.
 */
function render(target: ReporterTarget, report: RunReport, options: FormatOptions): string | undefined {
  if (target.origin === 'builtin') return target.reporter.format(report, options);
  try {
    const text: unknown = target.reporter.format(structuredClone(report), options);
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The pdf step's bytes, or `undefined` when it failed (its error is the browser's: never printed). */
async function printed(print: (page: string) => Promise<Uint8Array>, page: string): Promise<Uint8Array | undefined> {
  try {
    return await print(page);
  } catch {
    return undefined;
  }
}

/**
 * Renders the report once per target and writes it where the target says. A module reporter that
 * fails to render is one fixed line on stderr and counts as a failed write. A file that still cannot
 * be written (destinations were checked before the run, but a disk can fill or a path change) does
 * not stop the others: each failure is one fixed line on stderr, and the failed targets are
 * returned so the command can exit non-zero (see `exitStatus`).
 */
export async function writeReports(
  report: RunReport,
  targets: readonly ReporterTarget[],
  io: Io,
  color: boolean,
  sections?: readonly ReportSection[],
): Promise<readonly ReporterTarget[]> {
  const failed: ReporterTarget[] = [];
  for (const target of targets) {
    const text = render(target, report, {
      color: color && target.destination === 'stdout',
      knownChecks: knownChecks(),
      ...(sections !== undefined && { sections: [...sections] }),
    });
    if (text === undefined) {
      failed.push(target);
      io.stderr.write(
        `mcp-eval: the ${target.name} reporter failed to render the report (it threw, or returned something other than text)\n`,
      );
      continue;
    }
    if (target.destination === 'stdout') {
      io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      continue;
    }
    const bytes = target.print === undefined ? text : await printed(target.print, text);
    if (bytes === undefined) {
      failed.push(target);
      io.stderr.write(`mcp-eval: the ${target.name} report could not be printed (the browser failed or took longer than it may)\n`);
      continue;
    }
    try {
      await mkdir(dirname(target.path), { recursive: true });
      await writeFile(target.path, bytes);
    } catch (error) {
      failed.push(target);
      io.stderr.write(`mcp-eval: the ${target.name} report could not be written to ${target.path} (${errorCode(error)})\n`);
    }
  }
  return failed;
}
