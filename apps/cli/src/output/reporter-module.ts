import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { Reporter } from '@mcp-eval/reporters';

import { UsageError } from '../cli-error.js';
import { errorCode } from './error-code.js';

/** A module reporter's `name` is printed in messages: kebab-case, at most this long. */
export const MAX_REPORTER_NAME_LENGTH = 64;
/** Its `fileExtension` names files under `--output-dir`: a dot and at most this many letters or digits. */
export const MAX_REPORTER_EXTENSION_LENGTH = 16;

const NAME = new RegExp(`^[a-z][a-z0-9-]{0,${MAX_REPORTER_NAME_LENGTH - 1}}$`);
const EXTENSION = new RegExp(`^\\.[A-Za-z0-9]{1,${MAX_REPORTER_EXTENSION_LENGTH}}$`);

/** `--reporter <spec>` names a module, not a built-in, when it is a path or a `.js`/`.mjs` file. */
export function isReporterPath(spec: string): boolean {
  return spec.includes('/') || spec.includes('\\') || /\.m?js$/.test(spec);
}

/** The `Reporter` contract, checked on a value a module exported (it could be anything). */
export function isReporter(value: unknown): value is Reporter {
  if (typeof value !== 'object' || value === null) return false;
  const { name, fileExtension, format } = value as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    NAME.test(name) &&
    typeof fileExtension === 'string' &&
    EXTENSION.test(fileExtension) &&
    typeof format === 'function'
  );
}

/**
 * Loads `--reporter ./my-reporter.js`: an ES module (`.js` or `.mjs`, relative to `cwd` or
 * absolute) whose default export is a `Reporter`. Every failure is a usage error (exit 2) with a
 * fixed reason: what the module itself threw is never printed, it could say anything.
 */
export async function loadReporterModule(spec: string, cwd: string): Promise<Reporter> {
  if (!/\.m?js$/.test(spec)) throw new UsageError(`reporter module ${spec} must be a .js or .mjs file (an ES module)`);
  const file = resolve(cwd, spec);
  const found = await stat(file).catch((error: unknown) => errorCode(error));
  if (typeof found === 'string') throw new UsageError(`reporter module ${spec} cannot be read (${found}); nothing was run`);
  if (!found.isFile()) throw new UsageError(`reporter module ${spec} is not a file; nothing was run`);
  let loaded: unknown;
  try {
    loaded = await import(pathToFileURL(file).href);
  } catch {
    throw new UsageError(
      `reporter module ${spec} could not be loaded (it is not an ES module, or it threw while loading); nothing was run`,
    );
  }
  const candidate = (loaded as { readonly default?: unknown }).default;
  if (!isReporter(candidate)) {
    throw new UsageError(
      `reporter module ${spec} does not export a reporter (its default export must be { name, fileExtension, format }); nothing was run`,
    );
  }
  return candidate;
}
