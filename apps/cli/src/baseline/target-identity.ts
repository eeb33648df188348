import { createHash } from 'node:crypto';

import type { Target } from '@mcp-eval/transports';

/** Hex digits of the SHA-256 kept: enough to tell servers apart, too few to be a fingerprint of a secret. */
export const TARGET_IDENTITY_HEX_DIGITS = 16;

/**
 * Which server a run reached, as a hash of what names it: the command and arguments (stdio) or the
 * URL (HTTP). Neither is ever recorded itself: arguments and query strings can carry secrets.
 * Environment, working directory and headers are left out: they differ between machines and CI
 * for the same server.
 */
export function targetIdentity(target: Target): string {
  const named = target.transport === 'stdio' ? ['stdio', target.command, ...(target.args ?? [])] : ['http', target.url];
  const digest = createHash('sha256').update(JSON.stringify(named)).digest('hex');
  return `sha256:${digest.slice(0, TARGET_IDENTITY_HEX_DIGITS)}`;
}
