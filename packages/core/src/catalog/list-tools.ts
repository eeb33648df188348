import type { Connection, JsonObject } from '@mcp-eval/protocol';

import type { CatalogBudget } from './catalog-budget.js';
import type { ListWalk } from './walk-list.js';
import { walkList } from './walk-list.js';

/**
 * Page bound for checks that read the whole catalog without a `max_pages` of their own. Far above
 * any real catalog (20,000 tools at 10 per page), yet it still ends a walk whose cursors never
 * repeat but never stop either.
 */
export const CATALOG_MAX_PAGES = 5_000;

/**
 * What a catalog walk needs from its caller: the per-request limit, the case's abort signal and the
 * catalog budget. Catalog's own context, the structural subset of a check's `CheckContext` (so a
 * check passes its context as is), and catalog imports nothing above the record.
 */
export interface WalkLimits {
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  readonly catalogBudget?: CatalogBudget;
}

/** The whole `tools/list` catalog, walked cursor by cursor with the context's limits and catalog budget. */
export function listTools(ctx: WalkLimits, connection: Connection): Promise<ListWalk> {
  return walkList(connection, 'tools/list', CATALOG_MAX_PAGES, { timeoutMs: ctx.timeoutMs, signal: ctx.signal }, ctx.catalogBudget);
}

/** The catalog entry named `name`, if the walk reached it (entries set aside as too deep are not offered). */
export function findTool(walk: ListWalk, name: string): JsonObject | undefined {
  return walk.items.find((item) => item.name === name);
}
