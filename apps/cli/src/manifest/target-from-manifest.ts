import type { Manifest } from '@mcp-eval/core';
import { resolveServerCwd } from '@mcp-eval/core';
import type { Target } from '@mcp-eval/transports';

/** The manifest's `server` as a transport target; `cwd` is where mcp-eval was started. */
export function targetFromManifest(manifest: Manifest, cwd: string): Target {
  const { server } = manifest;
  if (server.transport === 'http') return { kind: 'http', url: server.url, headers: server.headers };
  const passEnv = server.passEnv === undefined ? {} : { passEnv: server.passEnv };
  return { kind: 'stdio', command: server.command, args: server.args, env: server.env, cwd: resolveServerCwd(manifest, cwd), ...passEnv };
}
