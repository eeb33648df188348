import type { Manifest } from '@mcp-eval/core';
import { checks, expandEnv, formatManifestError, loadManifest } from '@mcp-eval/core';
import { resolve } from 'node:path';

import { ManifestInvalidError } from '../cli-error.js';
import type { Io } from '../io.js';

/**
 * Loads and validates a manifest without expanding `${env:…}`: any problem is exit 2 with
 * file:line:column lines. `path` is relative to the working directory and names the file in
 * messages and reports as the user typed it.
 */
export async function loadValidManifest(path: string, io: Io): Promise<Manifest> {
  const loaded = await loadManifest(resolve(io.cwd, path), checks, path);
  if (!loaded.ok) throw new ManifestInvalidError(loaded.errors.map(formatManifestError).join('\n'));
  return loaded.manifest;
}

/** Loads, validates and expands a manifest; any problem is exit 2 with file:line:column lines. */
export async function readManifest(path: string, io: Io): Promise<Manifest> {
  const expanded = expandEnv(await loadValidManifest(path, io), io.env);
  if (!expanded.ok) throw new ManifestInvalidError(expanded.errors.map(formatManifestError).join('\n'));
  return expanded.manifest;
}
