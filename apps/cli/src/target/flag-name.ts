import type { YamlPath } from '@mcp-eval/core';

/**
 * How errors from `expandEnv` name a server path when the server came from flags: the flag the
 * user typed (``--header `X-Api-Key` ``), not the synthetic manifest's `server.http.headers…`.
 */
export function flagName(path: YamlPath): string | undefined {
  const [, field, key] = path;
  if (field === 'url') return '--url';
  if (field === 'headers') return key === undefined ? '--header' : `--header \`${String(key)}\``;
  if (field === 'env') return key === undefined ? '--env' : `--env \`${String(key)}\``;
  if (field === 'command') return 'the command of --stdio';
  if (field === 'args' && typeof key === 'number') return `word ${key + 2} of --stdio`;
  return undefined;
}
