import type { Manifest } from '@mcp-eval/core';
import { resolveServerCwd } from '@mcp-eval/core';
import type { ServerTarget } from '@mcp-eval/protocol';

/** The manifest's `server` is a target already: only a stdio `cwd` is resolved (`cwd` is where mcp-eval was started). */
export function targetFromManifest(manifest: Manifest, cwd: string): ServerTarget {
  const { server } = manifest;
  return server.transport === 'http' ? server : { ...server, cwd: resolveServerCwd(manifest, cwd) };
}
