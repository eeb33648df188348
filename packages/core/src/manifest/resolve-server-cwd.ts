import { dirname, resolve } from 'node:path';

import type { Manifest } from './manifest-types.js';

/**
 * The absolute directory a stdio server starts in. A relative `cwd` is relative to the manifest,
 * not to wherever `mcp-eval` was started, and no `cwd` means the manifest's own directory: a
 * manifest means the same thing from any shell. `base` is what a relative `manifest.file` is
 * relative to (the invocation's working directory). Call it on the manifest `expandEnv` returned,
 * since `cwd` may hold `${env:…}`. For an http server it is just the manifest's directory.
 */
export function resolveServerCwd(manifest: Manifest, base: string = process.cwd()): string {
  const manifestDir = resolve(base, dirname(manifest.file));
  const cwd = manifest.server.transport === 'stdio' ? manifest.server.cwd : undefined;
  return cwd === undefined ? manifestDir : resolve(manifestDir, cwd);
}
