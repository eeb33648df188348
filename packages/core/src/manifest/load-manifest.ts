import { readFile } from 'node:fs/promises';

import type { CheckDefinition } from '../check.js';
import type { ManifestResult } from './manifest-error.js';
import { loadRubrics } from './load-rubrics.js';
import { parseManifest } from './parse-manifest.js';

const READ_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a directory',
};

/**
 * Reads and parses a manifest file. An unreadable file is one error at 1:1, never a throw.
 * `file` is how errors and case locations name it (default `path`): pass the path as the user
 * typed it when `path` has been made absolute.
 */
export async function loadManifest(path: string, checks: readonly CheckDefinition[], file: string = path): Promise<ManifestResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    const reason = READ_FAILURES[code] ?? code;
    return { ok: false, errors: [{ file, line: 1, column: 1, message: `cannot read the manifest: ${reason}` }] };
  }
  const parsed = parseManifest(text, file, checks);
  // task-completion cases name a rubric file beside the manifest: read here, where files are.
  return parsed.ok ? loadRubrics(parsed.manifest, path, file) : parsed;
}
