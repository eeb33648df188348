import { dirname, resolve } from 'node:path';

import type { Manifest } from './manifest-types.js';

/**
 * A stdio server runs in the manifest's directory unless `cwd` says otherwise, and a relative
 * `cwd` is relative to the manifest, not to wherever `mcp-eval` was started: a manifest means the
 * same thing from any shell. Call after `expandEnv` (a `cwd` may hold `${env:…}`).
 */
export function resolveServerCwd(manifest: Manifest): Manifest {
  const { server } = manifest;
  if (server.transport !== 'stdio') return manifest;
  const cwd = resolve(dirname(manifest.file), server.cwd ?? '.');
  return { ...manifest, server: { ...server, cwd } };
}
