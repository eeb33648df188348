import { expandEnv } from './expand-env.js';
import type { ExpandEnvResult } from './expand-env.js';
import type { Manifest } from './manifest-types.js';
import { resolveServerCwd } from './resolve-server-cwd.js';

/**
 * A validated manifest made ready to run, in the one order that is right: expand `${env:…}`
 * first, then resolve the server's `cwd` (which may itself hold a reference).
 */
export function prepareManifest(manifest: Manifest, env: Readonly<Record<string, string | undefined>>): ExpandEnvResult {
  const expanded = expandEnv(manifest, env);
  return expanded.ok ? { ok: true, manifest: resolveServerCwd(expanded.manifest) } : expanded;
}
