import { isAbsolute, join, resolve } from 'node:path';

import { UsageError } from '../cli-error.js';
import type { ReporterChoice } from './load-reporter.js';
import { loadReporter } from './load-reporter.js';

/** Where one reporter's output goes: the console, or a file. */
export type ReporterTarget = ReporterChoice &
  ({ readonly destination: 'stdout' } | { readonly destination: 'file'; readonly path: string });

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Resolves `--reporter name[=path]` flags, where `name` is a built-in or a reporter module's path
 * (relative to the working directory). `name=path` writes a file (relative to `--output-dir`
 * when given, else the working directory); a bare name writes to the console, or to
 * `<output-dir>/mcp-eval.<ext>` when `--output-dir` is given. Only one reporter may own the
 * console: two machine formats interleaved would be unreadable. When none does, the pretty summary
 * goes there too (a run writing only files must not be silent), unless `quiet` (`--quiet`).
 */
export async function resolveReporterTargets(
  specs: readonly string[],
  outputDir: string | undefined,
  cwd: string,
  options: { readonly quiet?: boolean; readonly env?: Env } = {},
): Promise<ReporterTarget[]> {
  const base = outputDir === undefined ? cwd : resolve(cwd, outputDir);
  const targets: ReporterTarget[] = [];
  for (const spec of specs) {
    const [name = '', ...rest] = spec.split('=');
    const choice = await loadReporter(name, cwd, options.env ?? {});
    const path = rest.join('=');
    if (rest.length > 0 && path === '') throw new UsageError(`reporter \`${name}=\` needs a path after =`);
    if (path !== '') targets.push({ ...choice, destination: 'file', path: isAbsolute(path) ? path : join(base, path) });
    else if (outputDir !== undefined && choice.writes !== 'console')
      targets.push({ ...choice, destination: 'file', path: join(base, `mcp-eval${choice.reporter.fileExtension}`) });
    else if (choice.writes === 'file')
      throw new UsageError(
        `reporter \`${name}\` writes a file: give it a path (${name}=report${choice.reporter.fileExtension}) or use --output-dir`,
      );
    else targets.push({ ...choice, destination: 'stdout' });
  }
  const onConsole = targets.filter((t) => t.destination === 'stdout');
  if (onConsole.length > 1) {
    throw new UsageError(
      `only one reporter can write to the console (got ${onConsole.map((t) => t.name).join(', ')}); give the others a path (name=path) or use --output-dir`,
    );
  }
  if (onConsole.length === 0 && options.quiet !== true) targets.push({ ...(await loadReporter('pretty', cwd, {})), destination: 'stdout' });
  return targets;
}
