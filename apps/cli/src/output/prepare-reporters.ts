import type { Io } from '../io.js';
import { stringList } from '../parse-flags.js';
import { checkDestinations } from './check-destinations.js';
import type { InputFile } from './input-files.js';
import { refuseInputDestinations } from './input-files.js';
import type { ReporterTarget } from './reporter-targets.js';
import { resolveReporterTargets } from './reporter-targets.js';

/** The flags of flags/reporter-flags.ts: where reports go, and whether the console gets colour. */
export interface ReporterFlags {
  readonly reporter?: unknown;
  readonly outputDir?: string;
  readonly quiet?: boolean;
  readonly color?: boolean;
  /** `--sections`, read by `sectionsFlag`. */
  readonly sections?: unknown;
}

/**
 * Where each report goes, none of them over one of `inputs`, every file destination proven writable
 * (parents created): call it before anything connects, so a bad `--reporter` or `--output-dir` is
 * exit 2 with no server time spent.
 */
export async function prepareReporters(flags: ReporterFlags, io: Io, inputs: readonly InputFile[] = []): Promise<ReporterTarget[]> {
  const targets = await resolveReporterTargets(stringList(flags.reporter, '--reporter'), flags.outputDir, io.cwd, {
    quiet: flags.quiet === true,
    env: io.env,
  });
  // Before the probe, which creates missing folders: a refused run leaves nothing behind.
  await refuseInputDestinations(targets, inputs, io.cwd);
  await checkDestinations(targets);
  return targets;
}
