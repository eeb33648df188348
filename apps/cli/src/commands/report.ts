import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import { parseReport } from '@mcp-eval/reporters';

import { EXIT, UsageError } from '../cli-error.js';
import type { Io } from '../io.js';
import { resolveReporterTargets } from '../output/reporter-targets.js';
import { useColor } from '../output/use-color.js';
import { writeReports } from '../output/write-reports.js';
import { stringList } from '../parse-flags.js';

export interface ReportFlags {
  readonly reporter?: unknown;
  readonly outputDir?: string;
  readonly color?: boolean;
}

const MAX_SHOWN_ERRORS = 20;

/**
 * Exit status a saved report stands for: 1 when the evaluator itself failed (no connection, an
 * unreadable catalog), else its gate when it has one (lint), else 1 for any failing or erroring case.
 */
export function reportExitCode(report: RunReport): number {
  if ((report.invocationErrors ?? []).length > 0) return EXIT.failed;
  if (report.gate !== undefined) return report.gate.passed ? EXIT.ok : EXIT.failed;
  return report.summary.fail + report.summary.error > 0 ? EXIT.failed : EXIT.ok;
}

/**
 * `mcp-eval report <run.json>`: re-renders a saved JSON report with any reporters, exactly as the
 * run that wrote it would have. The exit status is the saved run's own (0, or 1 when it failed),
 * so a later job can gate on a report an earlier job wrote.
 */
export async function reportCommand(io: Io, file: string, flags: ReportFlags): Promise<number> {
  const targets = resolveReporterTargets(stringList(flags.reporter, '--reporter'), flags.outputDir, io.cwd);
  let text: string;
  try {
    text = await readFile(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    throw new UsageError(`${file}: cannot read the report (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);
  }
  const parsed = parseReport(text);
  // parseReport's messages name JSON paths and rules, never the file's content.
  if (!parsed.ok) {
    const shown = parsed.errors.slice(0, MAX_SHOWN_ERRORS).map((e) => `  ${e}`);
    if (parsed.errors.length > MAX_SHOWN_ERRORS) shown.push(`  … and ${parsed.errors.length - MAX_SHOWN_ERRORS} more`);
    throw new UsageError(`${file} is not an MCP Eval JSON report:\n${shown.join('\n')}`);
  }
  await writeReports(parsed.report, targets, io, useColor(io, flags.color));
  return reportExitCode(parsed.report);
}
