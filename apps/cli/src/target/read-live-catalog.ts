import type { CatalogBudget, CatalogListingDefect, JsonObject } from '@mcp-eval/core';
import type { ListWalk } from '@mcp-eval/core';
import { ConnectError, listTools } from '@mcp-eval/core';
import { createConnector } from '@mcp-eval/transports';

import type { FlagTarget } from './target-from-flags.js';

export type LiveCatalog =
  | {
      readonly ok: true;
      /** The tools read, but those nesting past `MAX_ITEM_DEPTH`, which no recursive consumer may meet. */
      readonly tools: readonly JsonObject[];
      /** The entries set aside as too deep: only iterative readers (lint) may take them. */
      readonly tooDeep: readonly JsonObject[];
      /** With `acceptListingDefects`: the listing stopped here, and `tools` is what was read before. */
      readonly listing?: CatalogListingDefect;
      readonly transport: 'stdio' | 'http';
      readonly protocol: string;
    }
  | {
      readonly ok: false;
      /** A fixed label: `connect-<failure>` or `catalog-<walk problem>`. */
      readonly label: string;
      readonly transport: 'stdio' | 'http';
      readonly protocol?: string;
    };

export interface ReadLiveCatalogOptions {
  /**
   * Lint's choice: a listing defect after something was read gives what was read and the defect.
   * Without it a catalog that cannot be read whole is an error, never a partial catalog.
   */
  readonly acceptListingDefects?: boolean;
  /** From `--max-catalog-bytes` / `--max-catalog-tools`; default `DEFAULT_CATALOG_BUDGET`. */
  readonly catalogBudget?: CatalogBudget;
}

/**
 * Connects once and walks `tools/list` to its end, the way the catalog checks do (same page bound
 * and catalog budget), then closes. The catalog stays in memory: callers may write only names and
 * numbers from it. Nothing read on the first page is always an error.
 */
export async function readLiveCatalog(flags: FlagTarget, options: ReadLiveCatalogOptions = {}): Promise<LiveCatalog> {
  const { target, protocol, timeoutMs } = flags;
  const transport = target.transport;
  let connection;
  try {
    connection = await createConnector(target, { protocol, timeoutMs }).connect();
  } catch (error) {
    if (error instanceof ConnectError) return { ok: false, label: `connect-${error.kind}`, transport };
    throw error;
  }
  try {
    const ctx = {
      timeoutMs,
      signal: new AbortController().signal,
      ...(options.catalogBudget === undefined ? {} : { catalogBudget: options.catalogBudget }),
    };
    const walk = await listTools(ctx, connection);
    return catalogFromWalk(walk, transport, connection.protocolVersion, options);
  } finally {
    await connection.close();
  }
}

/** A finished `tools/list` walk as a LiveCatalog, by the rules above (scan walks on a connection it keeps). */
export function catalogFromWalk(
  walk: ListWalk,
  transport: 'stdio' | 'http',
  protocol: string,
  options: Pick<ReadLiveCatalogOptions, 'acceptListingDefects'> = {},
): LiveCatalog {
  const read = { ok: true, tools: walk.items, tooDeep: walk.tooDeep, transport, protocol } as const;
  if (walk.problem === undefined) return read;
  const nothingRead = walk.items.length + walk.tooDeep.length === 0 && (walk.problemPage ?? 1) <= 1;
  if (nothingRead || options.acceptListingDefects !== true) return { ok: false, label: `catalog-${walk.problem}`, transport, protocol };
  return { ...read, listing: { problem: walk.problem, page: walk.problemPage ?? walk.pages } };
}
