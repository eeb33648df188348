import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

import type { Suppression } from '@mcp-eval/core';
import { formatManifestError, parseSuppressions, SUPPRESSIONS_FILE } from '@mcp-eval/core';

import { ManifestInvalidError } from '../cli-error.js';
import type { Io } from '../io.js';
import { writeDeprecatedFileNotice } from '../reviewed/deprecated-file-notice.js';

/**
 * The suppression file: `--suppressions <file>`, or `mcp-eval.suppressions.yaml` in the working
 * directory when it exists (the conventional checked-in name). A named file that cannot be read,
 * and any problem in the file, is exit 2 with file:line:column, before anything connects. The file
 * is deprecated (its entries are reviewed lint entries): a file read is noted once on stderr.
 */
export async function readSuppressions(
  path: string | undefined,
  io: Io,
): Promise<{ readonly file?: string; readonly suppressions: readonly Suppression[] }> {
  const file = path ?? SUPPRESSIONS_FILE;
  let text: string;
  try {
    text = await readFile(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (path === undefined && code === 'ENOENT') return { suppressions: [] };
    throw new ManifestInvalidError(`${file}:1:1: cannot read the suppression file (${code ?? 'unknown error'})`);
  }
  const parsed = parseSuppressions(text, file);
  if (!parsed.ok) throw new ManifestInvalidError(parsed.errors.map(formatManifestError).join('\n'));
  writeDeprecatedFileNotice(io, 'the suppression file', 'lint');
  return { file, suppressions: parsed.suppressions };
}
