import type { ReviewedEntry, RunReport, RunReportInput } from '@mcp-eval/core';
import { applyReviewed, createRunReport, isoDay } from '@mcp-eval/core';

import type { Io } from '../io.js';
import type { ReviewedFlags, ReviewedSource } from '../reviewed/read-reviewed.js';
import { readReviewed } from '../reviewed/read-reviewed.js';
import { writeReviewedWarnings } from '../reviewed/reviewed-warnings.js';
import { cliVersion } from '../version.js';
import { exitStatus } from './exit-status.js';
import type { InputFile } from './input-files.js';
import { commandInputs, refuseInputDestinations } from './input-files.js';
import type { ReporterFlags } from './prepare-reporters.js';
import { prepareReporters } from './prepare-reporters.js';
import type { ReporterTarget } from './reporter-targets.js';
import { sectionsFlag } from './sections-flag.js';
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
  /**
   * The reviewed file's entries (empty without one) and the day their expiry is judged on. `run`
   * applies them to the measured records (`applyReviewed`) unless the command already did (scan,
   * whose gate follows them) and warns below the summary about stale and expired entries. Lint reads
   * them before linting, as suppressions (`reviewedSuppressions`), so its scores follow them.
   */
  readonly reviewed: { readonly entries: readonly ReviewedEntry[]; readonly today: string };
  /** The files the reports go to, as resolved (a command's own note may name them). */
  readonly files: readonly string[];
  /** Refuses (exit 2) a report over an input known only once the command has read another (a manifest's rubrics). */
  refuseInputs(inputs: readonly InputFile[]): Promise<void>;
}

/** Where a command reads from, for the reviewed file and for the inputs no report may replace. */
export interface OutputSources extends Partial<ReviewedSource> {
  /** The folder whose conventional files (manifest, reviewed file, suppression file) are kept; `beside` when not given. */
  readonly project?: string;
  /** The files the command names itself: its manifest, shard reports, a saved report, rubrics. */
  readonly inputs?: readonly InputFile[];
}

/**
 * Resolves `--reporter`/`--output-dir`/`--quiet`, proves every file destination writable and none
 * of them one of the command's inputs (`commandInputs`): call it before anything connects, so a bad
 * destination is exit 2 with no server time spent and no input overwritten.
 */
export async function prepareOutput(flags: ReporterFlags & ReviewedFlags, io: Io, sources: OutputSources = {}): Promise<ReportOutput> {
  const targets = await prepareReporters(flags, io, commandInputs(flags, sources.inputs ?? [], sources.project ?? sources.beside));
  const reviewedSource = sources.beside === undefined ? undefined : { beside: sources.beside };
  // The reviewed file is read only by commands that name where to look (`report` re-renders as saved).
  const entries = reviewedSource === undefined ? [] : await readReviewed(flags, reviewedSource, io);
  const reviewed = { entries, today: isoDay(new Date()) };
  const sections = sectionsFlag(flags.sections, targets);
  const render = (report: RunReport): Promise<readonly ReporterTarget[]> =>
    writeReports(report, targets, io, useColor(io, flags.color), sections);
  return {
    reviewed,
    files: targets.flatMap((t) => (t.destination === 'file' ? [t.path] : [])),
    refuseInputs: (inputs) => refuseInputDestinations(targets, inputs, io.cwd),
    write: async (report) => exitStatus(report, await render(report)),
    async run(command, measure, afterWrite) {
      const startedAt = new Date();
      const started = performance.now();
      const measured = await measure();
      const applied =
        entries.length === 0 || measured.reviewedEntries !== undefined
          ? undefined
          : applyReviewed(measured.records, entries, reviewed.today);
      const marked = applied === undefined ? measured : { ...measured, records: applied.records, reviewedEntries: applied.entries };
      const report = createRunReport({ ...marked, command, toolVersion: cliVersion(), startedAt, durationMs: performance.now() - started });
      const failedWrites = await render(report);
      afterWrite?.();
      writeReviewedWarnings(io, report.reviewedEntries ?? [], entries);
      return exitStatus(report, failedWrites);
    },
  };
}
