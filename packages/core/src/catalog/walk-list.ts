import type { Connection, FailureKind, JsonObject, RequestOptions } from '../connection.js';
import { isRecord } from '../json-pointer.js';

export type ListMethod = 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list';

const ITEMS_KEY: Record<ListMethod, { readonly items: string; readonly identity: string }> = {
  'tools/list': { items: 'tools', identity: 'name' },
  'resources/list': { items: 'resources', identity: 'uri' },
  'resources/templates/list': { items: 'resourceTemplates', identity: 'uriTemplate' },
  'prompts/list': { items: 'prompts', identity: 'name' },
};

/** Why a walk stopped early. */
export type ListWalkProblem = 'page-malformed' | 'duplicate-item' | 'cursor-repeated' | 'too-many-pages' | 'list-error' | 'list-failed';

export interface ListWalk {
  /** Every item collected, in order (up to the problem, if any). */
  readonly items: readonly JsonObject[];
  readonly pages: number;
  /** UTF-8 bytes of the items encoded as one JSON array. */
  readonly bytes: number;
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
 * malformed page, a duplicate item, a repeated cursor, or more than `maxPages` pages, so a server
 * whose cursors loop forever still ends the walk.
 */
export async function walkList(connection: Connection, method: ListMethod, maxPages: number, options: RequestOptions = {}): Promise<ListWalk> {
  const { items: itemsKey, identity } = ITEMS_KEY[method];
  const items: JsonObject[] = [];
  const seenIds = new Set<string>();
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  let latencyMs = 0;
  const done = (extra: Partial<ListWalk> = {}): ListWalk => ({ items, pages, bytes: encodedBytes(items), latencyMs, ...extra });

  for (;;) {
    if (pages >= maxPages) return done({ problem: 'too-many-pages', problemPage: pages + 1 });
    const exchange = await connection.request(method, cursor === undefined ? {} : { cursor }, options);
    pages += 1;
    latencyMs += exchange.latencyMs;
    if (exchange.outcome === 'transport-failure') return done({ problem: 'list-failed', failure: exchange.failure, problemPage: pages });
    if (exchange.outcome === 'error') return done({ problem: 'list-error', jsonRpcCode: exchange.error.code, problemPage: pages });
    const page = exchange.result[itemsKey];
    const next = exchange.result.nextCursor;
    if (!Array.isArray(page) || (next !== undefined && typeof next !== 'string')) return done({ problem: 'page-malformed', problemPage: pages });
    for (const item of page) {
      if (!isRecord(item) || typeof item[identity] !== 'string') return done({ problem: 'page-malformed', problemPage: pages });
      const id = item[identity];
      if (seenIds.has(id)) return done({ problem: 'duplicate-item', problemPage: pages });
      seenIds.add(id);
      items.push(item as JsonObject);
    }
    if (next === undefined || next === '') return done();
    if (seenCursors.has(next)) return done({ problem: 'cursor-repeated', problemPage: pages });
    seenCursors.add(next);
    cursor = next;
  }
}

export function encodedBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}
