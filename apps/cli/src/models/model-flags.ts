import { MAX_TRIALS } from '@mcp-eval/core';

import { UsageError } from '../cli-error.js';
import { positiveInt } from '../parse-flags.js';

/** `--cache-dir`'s default, relative to the working directory; CI restores it like the baseline. */
export const DEFAULT_CACHE_DIR = '.mcp-eval/cache';

/** `run`'s model-layer flags as cac gives them (`--no-cache` sets `cache: false`). */
export interface ModelRunFlags {
  readonly trials?: unknown;
  readonly cache?: boolean;
  readonly cacheDir?: unknown;
  readonly requireModels?: boolean;
}

export interface ModelRunOptions {
  readonly trials?: number;
  /** Undefined with `--no-cache`. */
  readonly cacheDir?: string;
  readonly requireModels: boolean;
}

/** Checked before anything connects: a bad flag is exit 2 with nothing sent. */
export function modelRunOptions(flags: ModelRunFlags): ModelRunOptions {
  const trials = positiveInt(flags.trials, '--trials');
  if (trials !== undefined && trials > MAX_TRIALS) throw new UsageError(`--trials must be at most ${MAX_TRIALS}`);
  const dirs = flags.cacheDir === undefined ? [] : [flags.cacheDir].flat();
  const cacheDir = dirs.at(-1);
  if (cacheDir !== undefined && (typeof cacheDir !== 'string' || cacheDir === '')) throw new UsageError('--cache-dir needs a directory');
  if (flags.cache === false && cacheDir !== undefined) throw new UsageError('--cache-dir and --no-cache contradict each other');
  return {
    ...(trials === undefined ? {} : { trials }),
    ...(flags.cache === false ? {} : { cacheDir: (cacheDir as string | undefined) ?? DEFAULT_CACHE_DIR }),
    requireModels: flags.requireModels === true,
  };
}
