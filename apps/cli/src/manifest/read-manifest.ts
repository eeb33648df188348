import type { Manifest } from '@mcp-eval/core';
import { checks, expandEnv, formatManifestError, loadManifest } from '@mcp-eval/core';
import { resolve } from 'node:path';

import { ManifestInvalidError } from '../cli-error.js';
import type { Io } from '../io.js';

/** Loads, validates and expands a manifest; any problem is exit 2 with file:line:column lines. */
export async function readManifest(path: string, io: Io): Promise<Manifest> {
  const loaded = await loadManifest(resolve(io.cwd, path), checks, path);
  if (!loaded.ok) throw new ManifestInvalidError(loaded.errors.map(formatManifestError).join('\n'));
  const expanded = expandEnv(loaded.manifest, io.env);
  if (!expanded.ok) throw new ManifestInvalidError(expanded.errors.map(formatManifestError).join('\n'));
  return expanded.manifest;
}
