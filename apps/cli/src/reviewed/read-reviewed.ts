import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import type { ReviewedEntry } from '@mcp-eval/core';
import { formatManifestError, parseReviewed, REVIEWED_FILE } from '@mcp-eval/core';

import { ManifestInvalidError, UsageError } from '../cli-error.js';
import type { Io } from '../io.js';

/** The flag every reporting command but `report` takes: `--reviewed <file>`. */
export interface ReviewedFlags {
  readonly reviewed?: unknown;
}

/** Where a command looks for the conventional file when `--reviewed` is not given: beside the manifest (`run`), else the working directory. */
export interface ReviewedSource {
  readonly beside: string;
}

/**
 * The reviewed file: `--reviewed <file>`, or `mcp-eval.reviewed.yaml` in `source.beside` when it
 * exists. A named file that cannot be read, and any problem in the file, is exit 2 with
 * file:line:column, before anything connects. Locations name the file as given (relative stays relative).
 */
export async function readReviewed(flags: ReviewedFlags, source: ReviewedSource, io: Io): Promise<readonly ReviewedEntry[]> {
  if (Array.isArray(flags.reviewed)) throw new UsageError('--reviewed may be given once');
  if (flags.reviewed !== undefined && (typeof flags.reviewed !== 'string' || flags.reviewed === ''))
    throw new UsageError('--reviewed needs a file');
  const named = flags.reviewed as string | undefined;
  const file = named ?? (source.beside === '.' ? REVIEWED_FILE : join(source.beside, REVIEWED_FILE));
  let text: string;
  try {
    text = await readFile(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (named === undefined && code === 'ENOENT') return [];
    throw new ManifestInvalidError(`${file}:1:1: cannot read the reviewed file (${code ?? 'unknown error'})`);
  }
  const parsed = parseReviewed(text, file);
  if (!parsed.ok) throw new ManifestInvalidError(parsed.errors.map(formatManifestError).join('\n'));
  return parsed.entries;
}
