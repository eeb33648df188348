import type { Reporter, ReporterEntry, ReporterWrites } from '@mcp-eval/reporters';
import { isReporterName, REPORTERS } from '@mcp-eval/reporters';

import { UsageError } from '../cli-error.js';
import { isReporterPath, loadReporterModule } from './reporter-module.js';

/** A reporter to run: one of the table's, or one loaded from a module the user named. */
export interface ReporterChoice {
  readonly name: string;
  readonly reporter: Reporter;
  /** A module's reporter is not ours: `writeReports` contains its failures. */
  readonly origin: 'builtin' | 'module';
  /** Where a bare name writes (a module's: the console, or a file under `--output-dir`). */
  readonly writes: ReporterWrites;
  /** `pdf`: prints the rendered page to the bytes written (a file only). */
  readonly print?: (page: string) => Promise<Uint8Array>;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The built-in names as the help and the errors list them, in the table's order. */
export function reporterChoices(): string {
  return Object.keys(REPORTERS).join(', ');
}

/**
 * Loads what one `--reporter` names: a module's path (`./my-reporter.js`, checked against the
 * `Reporter` contract) or a name in the reporters package's table, each by dynamic import, so a
 * run pays only for the reporters it names. A table entry with a print step gets it here; the pdf
 * step throws a `UsageError` when its browser is absent (`pdf/print-pdf.ts`).
 */
export async function loadReporter(spec: string, cwd: string, env: Env): Promise<ReporterChoice> {
  if (isReporterPath(spec)) {
    const reporter = await loadReporterModule(spec, cwd);
    return { name: reporter.name, reporter, origin: 'module', writes: 'console-or-file' };
  }
  if (!isReporterName(spec)) {
    throw new UsageError(
      `unknown reporter \`${spec}\`; expected one of: ${reporterChoices()}, or the path of a reporter module (./my-reporter.js)`,
    );
  }
  const entry: ReporterEntry = REPORTERS[spec];
  const print = entry.print === 'pdf' ? await (await import('./pdf/print-pdf.js')).pdfPrinter(env) : undefined;
  return { name: spec, reporter: await entry.load(), origin: 'builtin', writes: entry.writes, ...(print !== undefined && { print }) };
}
