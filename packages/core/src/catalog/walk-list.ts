import type { Connection, FailureKind, JsonObject, RequestOptions } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';
import type { CatalogBudget } from './catalog-budget.js';
import { DEFAULT_CATALOG_BUDGET, MAX_ITEM_DEPTH } from './catalog-budget.js';
import { measureEntry, measureJson } from './measure-json.js';
import { TOOL_ENTRY_MEMBERS } from './tool-entry.js';

export type ListMethod = 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list';

/** Each list's items array and identity member, and for tools the entry members priced per item. */
const ITEMS_KEY: Record<ListMethod, { readonly items: string; readonly identity: string; readonly entry?: ReadonlySet<string> }> = {
  'tools/list': { items: 'tools', identity: 'name', entry: TOOL_ENTRY_MEMBERS },
  'resources/list': { items: 'resources', identity: 'uri' },
  'resources/templates/list': { items: 'resourceTemplates', identity: 'uriTemplate' },
  'prompts/list': { items: 'prompts', identity: 'name' },
};

/** Why a walk stopped early. `budget-exceeded`: more bytes or items than the catalog budget. */
export type ListWalkProblem =
  'page-malformed' | 'duplicate-item' | 'cursor-repeated' | 'too-many-pages' | 'list-error' | 'list-failed' | 'budget-exceeded';

export const LIST_WALK_PROBLEMS: readonly ListWalkProblem[] = [
  'page-malformed',
  'duplicate-item',
  'cursor-repeated',
  'too-many-pages',
  'list-error',
  'list-failed',
  'budget-exceeded',
];

export interface ListWalk {
  /** Every item collected, in order (up to the problem, if any), but those in `tooDeep`. */
  readonly items: readonly JsonObject[];
  /**
   * Items nesting deeper than `MAX_ITEM_DEPTH`, kept apart so no consumer that recurses (a schema
   * compiler, `JSON.stringify`) ever meets them; they still count in `bytes` and the budget.
   */
  readonly tooDeep: readonly JsonObject[];
  readonly pages: number;
  /** UTF-8 bytes of every item (`items` and `tooDeep`) encoded as one compact JSON array. */
  readonly bytes: number;
  /**
   * `tools/list` only (empty for other lists): per tool (`items` and `tooDeep`), the UTF-8 bytes of
   * its `TOOL_ENTRY_MEMBERS` as one compact JSON object, measured in the same pass as `bytes`.
   */
  readonly entryBytes: ReadonlyMap<JsonObject, number>;
  /** Bytes received for the pages walked, as the transport measured them. */
  readonly receivedBytes: number;
  /** Sum of page latencies. */
  readonly latencyMs: number;
  readonly problem?: ListWalkProblem;
  /** With `list-error`: the JSON-RPC code. */
  readonly jsonRpcCode?: number;
  /** With `list-failed`: the transport failure. */
  readonly failure?: FailureKind;
  /** 1-based page where the problem appeared. */
  readonly problemPage?: number;
}

/**
 * Walks a list method cursor by cursor, never trusting a client library to do it: stops on a
 * malformed page, a duplicate item, a repeated cursor, more than `maxPages` pages, or once the
 * pages received pass the catalog budget, so a server whose cursors never end, or whose pages are
 * huge, still ends the walk with bounded memory. A page over the byte budget is not kept.
 */
export async function walkList(
  connection: Connection,
  method: ListMethod,
  maxPages: number,
  options: RequestOptions = {},
  budget: CatalogBudget = DEFAULT_CATALOG_BUDGET,
): Promise<ListWalk> {
  const { items: itemsKey, identity, entry } = ITEMS_KEY[method];
  const items: JsonObject[] = [];
  const tooDeep: JsonObject[] = [];
  const entryBytes = new Map<JsonObject, number>();
  const seenIds = new Set<string>();
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  let latencyMs = 0;
  let receivedBytes = 0;
  // The array's own brackets and commas, plus each item's encoding, counted once as it arrives.
  let itemBytes = 0;
  const done = (extra: Partial<ListWalk> = {}): ListWalk => {
    const count = items.length + tooDeep.length;
    return { items, tooDeep, pages, bytes: 2 + Math.max(0, count - 1) + itemBytes, entryBytes, receivedBytes, latencyMs, ...extra };
  };

  for (;;) {
    if (pages >= maxPages) return done({ problem: 'too-many-pages', problemPage: pages + 1 });
    const exchange = await connection.request(method, cursor === undefined ? {} : { cursor }, options);
    pages += 1;
    latencyMs += exchange.latencyMs;
    receivedBytes += exchange.responseBytes;
    if (receivedBytes > budget.maxBytes) return done({ problem: 'budget-exceeded', problemPage: pages });
    if (exchange.outcome === 'transport-failure') return done({ problem: 'list-failed', failure: exchange.failure, problemPage: pages });
    if (exchange.outcome === 'error') return done({ problem: 'list-error', jsonRpcCode: exchange.error.code, problemPage: pages });
    const page = exchange.result[itemsKey];
    const next = exchange.result.nextCursor;
    if (!Array.isArray(page) || (next !== undefined && typeof next !== 'string'))
      return done({ problem: 'page-malformed', problemPage: pages });
    for (const item of page) {
      if (!isRecord(item) || typeof item[identity] !== 'string') return done({ problem: 'page-malformed', problemPage: pages });
      const id = item[identity];
      if (seenIds.has(id)) return done({ problem: 'duplicate-item', problemPage: pages });
      if (items.length + tooDeep.length >= budget.maxItems) return done({ problem: 'budget-exceeded', problemPage: pages });
      seenIds.add(id);
      // One walk per item, as it arrives: its bytes, its depth and, for a tool, its entry's bytes.
      const size = measureEntry(item, entry);
      itemBytes += size.bytes;
      if (entry !== undefined) entryBytes.set(item as JsonObject, size.entryBytes);
      (size.depth > MAX_ITEM_DEPTH ? tooDeep : items).push(item as JsonObject);
    }
    if (next === undefined || next === '') return done();
    if (seenCursors.has(next)) return done({ problem: 'cursor-repeated', problemPage: pages });
    seenCursors.add(next);
    cursor = next;
  }
}

/** UTF-8 bytes of `value` as compact JSON, measured iteratively (safe at any depth). */
export function encodedBytes(value: unknown): number {
  return measureJson(value).bytes;
}
