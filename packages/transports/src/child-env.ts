/**
 * The parent variables a stdio server may see. Everything else (tokens, CI secrets, the user's
 * shell configuration) stays out unless the target names it: a server under evaluation is untrusted,
 * and some dump their environment on request (server-everything's `get-env`).
 */
export const INHERITED_ENV_NAMES: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'LANG',
  'TMPDIR',
  'SystemRoot',
];

export function childEnv(
  parent: Readonly<Record<string, string | undefined>>,
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED_ENV_NAMES) {
    const value = parent[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}
