import type { RunReport, RunReportInput } from '@mcp-eval/core';
import { createRunReport } from '@mcp-eval/core';

import type { Io } from '../io.js';
import { cliVersion } from '../version.js';
import { exitStatus } from './exit-status.js';
import type { ReporterFlags } from './prepare-reporters.js';
import { prepareReporters } from './prepare-reporters.js';
import type { ReporterTarget } from './reporter-targets.js';
import { useColor } from './use-color.js';
import { writeReports } from './write-reports.js';

/** What a command measured: the report without the envelope every command fills in the same way. */
export type MeasuredRun = Omit<RunReportInput, 'command' | 'toolVersion' | 'startedAt' | 'durationMs'>;

/** The part every reporting command shares, from prepared reporters to the exit status. */
export interface ReportOutput {
  /**
   * Times `measure`, wraps what it returns in the report envelope (command, tool version, start,
   * duration), writes every reporter, runs `afterWrite` (notes that belong below the summary) and
   * returns the command's exit status (`exitStatus`).
   */
  run(command: RunReport['command'], measure: () => Promise<MeasuredRun>, afterWrite?: () => void): Promise<number>;
  /** Writes a report that already exists (`mcp-eval report`) and returns its exit status. */
  write(report: RunReport): Promise<number>;
}

/**
 * Resolves `--reporter`/`--output-dir`/`--quiet` and proves every file destination writable: call
 * it before anything connects, so a bad destination is exit 2 with no server time spent.
 */
export async function prepareOutput(flags: ReporterFlags, io: Io): Promise<ReportOutput> {
  const targets = await prepareReporters(flags, io);
  const render = (report: RunReport): Promise<readonly ReporterTarget[]> => writeReports(report, targets, io, useColor(io, flags.color));
  return {
    write: async (report) => exitStatus(report, await render(report)),
    async run(command, measure, afterWrite) {
      const startedAt = new Date();
      const started = performance.now();
      const measured = await measure();
      const report = createRunReport({ ...measured, command, toolVersion: cliVersion(), startedAt, durationMs: performance.now() - started });
      const failedWrites = await render(report);
      afterWrite?.();
      return exitStatus(report, failedWrites);
    },
  };
}
