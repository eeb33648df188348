import { randomUUID } from 'node:crypto';

/**
 * A tool or prompt name no server has: valid under the tool-name rules, unique per run, so a
 * probe that a server wrongly serves can only ever reach "not found".
 */
export function unknownName(kind: 'tool' | 'prompt'): string {
  return `mcp-eval-no-such-${kind}-${randomUUID().slice(0, 8)}`;
}

/**
 * A resource URI the server cannot have: the scheme of one it lists (so a server that routes by
 * scheme reaches its own lookup), on the reserved `.invalid` host, with a unique path.
 */
export function missingResourceUri(knownUri: string | undefined): string {
  const scheme = knownUri === undefined ? undefined : /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(knownUri)?.[1];
  return `${scheme ?? 'mcp-eval'}://mcp-eval.invalid/missing-resource-${randomUUID().slice(0, 8)}`;
}

/** A session id no server issued (visible ASCII, as real ones must be). */
export function unknownSessionId(): string {
  return `mcp-eval-unknown-session-${randomUUID()}`;
}
