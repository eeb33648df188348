import type { JsonObject } from '@mcp-eval/core';
import { ConnectError, listTools } from '@mcp-eval/core';
import { createConnector } from '@mcp-eval/transports';

import type { FlagTarget } from './target-from-flags.js';

export type LiveCatalog =
  | { readonly ok: true; readonly tools: readonly JsonObject[]; readonly transport: 'stdio' | 'http'; readonly protocol: string }
  | {
      readonly ok: false;
      /** A fixed label: `connect-<failure>` or `catalog-<walk problem>`. */
      readonly label: string;
      readonly transport: 'stdio' | 'http';
      readonly protocol?: string;
    };

/**
 * Connects once and walks `tools/list` to its end, the way the catalog checks do (same page bound),
 * then closes. The catalog stays in memory: callers may write only names and numbers from it.
 * A catalog that cannot be read whole is an error, never a partial catalog.
 */
export async function readLiveCatalog(flags: FlagTarget): Promise<LiveCatalog> {
  const { target, protocol, timeoutMs } = flags;
  const transport = target.kind;
  let connection;
  try {
    connection = await createConnector(target, { protocol, timeoutMs }).connect();
  } catch (error) {
    if (error instanceof ConnectError) return { ok: false, label: `connect-${error.kind}`, transport };
    throw error;
  }
  try {
    const walk = await listTools({ timeoutMs, signal: new AbortController().signal }, connection);
    if (walk.problem !== undefined) return { ok: false, label: `catalog-${walk.problem}`, transport, protocol: connection.protocolVersion };
    return { ok: true, tools: walk.items, transport, protocol: connection.protocolVersion };
  } finally {
    await connection.close();
  }
}
