/**
 * The parent variables a stdio server may see. Everything else (tokens, CI secrets, the user's
 * shell configuration, proxy and npm settings) stays out unless the target names it: a server
 * under evaluation is untrusted, and some dump their environment on request (server-everything's
 * `get-env`). docs/engine.md lists these names; keep the two the same.
 */
export const INHERITED_ENV_NAMES: readonly string[] = ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'LANG', 'TMPDIR', 'SystemRoot'];

/**
 * The server's environment: the allowlist, then the parent variables the target names in
 * `passEnv` (`--pass-env`, `server.pass_env`: passed unchanged when set, left out when not), then
 * the target's own `env`, which wins.
 */
export function childEnv(
  parent: Readonly<Record<string, string | undefined>>,
  extra: Readonly<Record<string, string>> = {},
  passEnv: readonly string[] = [],
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of [...INHERITED_ENV_NAMES, ...passEnv]) {
    const value = parent[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}
