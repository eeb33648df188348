import type { Connection, Exchange, JsonObject, RequestOptions } from '@mcp-eval/protocol';
import { withRequest } from '@mcp-eval/protocol';

import type { WalkLimits } from './list-tools.js';
import { listTools } from './list-tools.js';
import type { ListWalk } from './walk-list.js';

/** The notification that says the tool catalog changed (MCP `notifications/tools/list_changed`). */
export const TOOLS_LIST_CHANGED = 'notifications/tools/list_changed';

/** A walk's limits and the connection it walks (a check's `CheckContext` is one). */
type WalkContext = WalkLimits & { readonly connection: Connection };

/**
 * One connection's tool catalog, walked once and shared by every case on that connection that only
 * needs a tool's entry (schema-guessability, output-schema, the mutation gate, ...). Checks whose
 * subject is the walk itself (discovery-cost, pagination, token-cost, stable-ordering) walk fresh.
 *
 * Invalidated by a `notifications/tools/list_changed` seen on any request's stream, and, since the
 * port only counts notifications that arrive outside a request (stdio), by any growth of that
 * count: a stale catalog would be a wrong verdict, a re-walk only costs time. Only a complete walk
 * is kept; a walk that stopped early is handed back and the next case walks again.
 */
export class CatalogSnapshot {
  readonly #raw: Connection;
  readonly #observed: Connection;
  #walk: ListWalk | undefined;
  #inFlight: Promise<ListWalk> | undefined;
  #unsolicitedAtWalk = 0;
  // Bumped by every list_changed seen, so a walk that one overtook is not kept.
  #generation = 0;

  constructor(connection: Connection) {
    this.#raw = connection;
    this.#observed = withRequest(connection, async (method: string, params?: JsonObject, options?: RequestOptions) => {
      const exchange = await connection.request(method, params, options);
      this.observe(exchange);
      return exchange;
    });
  }

  /** The connection with every exchange watched for `list_changed`: hand this to the checks. */
  get connection(): Connection {
    return this.#observed;
  }

  /** Drops the snapshot when an exchange's stream carried a `list_changed`. */
  observe(exchange: Exchange): void {
    if (!exchange.notifications.some((n) => n.method === TOOLS_LIST_CHANGED)) return;
    this.#walk = undefined;
    this.#generation += 1;
  }

  /** The snapshot if a complete walk is held and still valid; never sends anything. */
  held(): ListWalk | undefined {
    return this.#walk !== undefined && this.#unsolicited() === this.#unsolicitedAtWalk ? this.#walk : undefined;
  }

  /**
   * The catalog, from the snapshot when it is still valid, otherwise walked now through
   * `ctx.connection`. Cases asking at once share one walk in flight; one that stopped early (the
   * first asker's case may have been aborted) is not shared, and each waiter walks for itself.
   */
  async tools(ctx: WalkContext): Promise<ListWalk> {
    const held = this.held();
    if (held !== undefined) return held;
    const inFlight = this.#inFlight;
    if (inFlight !== undefined) {
      const shared = await inFlight;
      if (shared.problem === undefined) return shared;
    }
    const walk = this.#walkNow(ctx);
    this.#inFlight = walk;
    try {
      return await walk;
    } finally {
      if (this.#inFlight === walk) this.#inFlight = undefined;
    }
  }

  async #walkNow(ctx: WalkContext): Promise<ListWalk> {
    this.#walk = undefined;
    const before = this.#unsolicited();
    const generation = this.#generation;
    const walk = await listTools(ctx, ctx.connection);
    // A notification during the walk may describe a change the pages straddle: do not keep it.
    if (walk.problem === undefined && this.#unsolicited() === before && this.#generation === generation) {
      this.#walk = walk;
      this.#unsolicitedAtWalk = before;
    }
    return walk;
  }

  #unsolicited(): number {
    return this.#raw.diagnostics().unsolicitedMessages;
  }
}

/**
 * The tool catalog for a check that needs only entries: the case's shared snapshot when the engine
 * gave one, a fresh walk otherwise (a check run outside the engine, a test).
 */
export function catalogTools(ctx: WalkContext & { readonly catalog?: CatalogSnapshot }): Promise<ListWalk> {
  return ctx.catalog ? ctx.catalog.tools(ctx) : listTools(ctx, ctx.connection);
}
