import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

import { parseCatalogFile } from '@mcp-eval/core';

import { UsageError } from '../cli-error.js';
import type { Io } from '../io.js';

const PROBLEMS = {
  'catalog-not-json': 'is not JSON (strict JSON, each object with unique keys)',
  'catalog-not-tools': 'holds neither a tools/list result ({ "tools": [...] }), a JSON-RPC response around one, nor an array of tools',
} as const;

/** `--catalog <file>`: a saved tools/list. Problems are exit 2 and never quote the file (server text). */
export async function readCatalogFile(path: string, io: Io): Promise<readonly unknown[]> {
  let text: string;
  try {
    text = await readFile(resolve(io.cwd, path), 'utf8');
  } catch (error) {
    throw new UsageError(`--catalog ${path}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);
  }
  const parsed = parseCatalogFile(text);
  if (!parsed.ok) throw new UsageError(`--catalog ${path} ${PROBLEMS[parsed.label]}`);
  return parsed.tools;
}
