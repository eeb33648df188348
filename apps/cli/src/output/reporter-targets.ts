import { isAbsolute, join, resolve } from 'node:path';

import type { ReporterName } from '@mcp-eval/reporters';
import { isReporterName, reporters } from '@mcp-eval/reporters';

import { UsageError } from '../cli-error.js';

/** Where one reporter's output goes: the console, or a file. */
export type ReporterTarget =
  | { readonly name: ReporterName; readonly destination: 'stdout' }
  | { readonly name: ReporterName; readonly destination: 'file'; readonly path: string };

/**
 * Resolves `--reporter name[=path]` flags. `name=path` writes a file (relative to `--output-dir`
 * when given, else the working directory); a bare name writes to the console, or to
 * `<output-dir>/mcp-eval.<ext>` when `--output-dir` is given. Only one reporter may own the
 * console: two machine formats interleaved would be unreadable. When none does, the pretty summary
 * goes there too (a run writing only files must not be silent), unless `quiet` (`--quiet`).
 */
export function resolveReporterTargets(specs: readonly string[], outputDir: string | undefined, cwd: string, options: { readonly quiet?: boolean } = {}): ReporterTarget[] {
  const base = outputDir === undefined ? cwd : resolve(cwd, outputDir);
  const targets = specs.map((spec): ReporterTarget => {
    const [name = '', ...rest] = spec.split('=');
    if (!isReporterName(name)) {
      throw new UsageError(`unknown reporter \`${name}\`; expected one of: ${Object.keys(reporters).join(', ')}`);
    }
    const path = rest.join('=');
    if (rest.length > 0 && path === '') throw new UsageError(`reporter \`${name}=\` needs a path after =`);
    if (path !== '') return { name, destination: 'file', path: isAbsolute(path) ? path : join(base, path) };
    if (outputDir !== undefined && name !== 'pretty') {
      return { name, destination: 'file', path: join(base, `mcp-eval${reporters[name].fileExtension}`) };
    }
    return { name, destination: 'stdout' };
  });
  const onConsole = targets.filter((t) => t.destination === 'stdout');
  if (onConsole.length > 1) {
    throw new UsageError(`only one reporter can write to the console (got ${onConsole.map((t) => t.name).join(', ')}); give the others a path (name=path) or use --output-dir`);
  }
  if (onConsole.length === 0 && options.quiet !== true) targets.push({ name: 'pretty', destination: 'stdout' });
  return targets;
}
