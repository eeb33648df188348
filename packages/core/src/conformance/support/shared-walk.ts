import type { CheckContext } from '../../check.js';
import { catalogTools } from '../../catalog/catalog-snapshot.js';
import { CATALOG_MAX_PAGES } from '../../catalog/list-tools.js';
import type { ListMethod, ListWalk } from '../../catalog/walk-list.js';
import { walkList } from '../../catalog/walk-list.js';
import { perConnection } from './per-connection.js';
import type { RecordedExchange } from './recording-connection.js';
import { recordingConnection } from './recording-connection.js';

/** A walk and the exchange of each page it fetched, in order. */
export interface PagedWalk {
  readonly walk: ListWalk;
  readonly pages: readonly RecordedExchange[];
}

const walks = perConnection<ListMethod, PagedWalk>(({ walk }) => walk.problem === undefined);

/**
 * One recorded walk of a list per run's connection, shared by the assertions that read its entries
 * or its pages (`collectResults` judges every page's result; listed-resources-readable and
 * content-encoding read the entries): a server is asked once, not once per assertion. A walk that
 * stopped early is not kept, so the next assertion tries again. An assertion about walking itself
 * (stable-ordering's second walk, the per-connection comparison's other side) walks on its own.
 */
export function sharedPagedWalk(ctx: CheckContext, method: ListMethod): Promise<PagedWalk> {
  return walks(ctx.connection, method, async () => {
    const recorded = recordingConnection(ctx.connection);
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
    const walk = await walkList(recorded.connection, method, CATALOG_MAX_PAGES, options, ctx.catalogBudget);
    return { walk, pages: recorded.exchanges };
  });
}

/** The entries of a list: the tools from the engine's catalog snapshot, the other lists from `sharedPagedWalk`. */
export async function sharedWalk(ctx: CheckContext, method: ListMethod): Promise<ListWalk> {
  return method === 'tools/list' ? catalogTools(ctx) : (await sharedPagedWalk(ctx, method)).walk;
}
