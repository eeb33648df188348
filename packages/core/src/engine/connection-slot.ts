import type { Connection, Connector } from '@mcp-eval/protocol';

import { CatalogSnapshot } from '../catalog/catalog-snapshot.js';

/** After this many connect failures in a row, a slot stops trying: the server is down. */
const MAX_CONSECUTIVE_CONNECT_FAILURES = 2;

/**
 * One worker's connection: opened on first use, replaced when the server closed or crashed it,
 * or when a case timed out on it (its pending requests are abandoned with it).
 */
export class ConnectionSlot {
  readonly #connector: Connector;
  // The catalog snapshot lives and dies with its connection: a new process may list other tools.
  #current: CatalogSnapshot | undefined;
  #failures = 0;

  constructor(connector: Connector, initial?: Connection) {
    this.#connector = connector;
    this.#current = initial && new CatalogSnapshot(initial);
  }

  /** The live connection, or `undefined` when none can be opened. */
  async acquire(signal?: AbortSignal): Promise<Connection | undefined> {
    if (this.#current && !this.#current.connection.closed) return this.#current.connection;
    if (this.#failures >= MAX_CONSECUTIVE_CONNECT_FAILURES) return undefined;
    try {
      this.#current = new CatalogSnapshot(await this.#connector.connect(signal ? { signal } : {}));
      this.#failures = 0;
      return this.#current.connection;
    } catch {
      this.#failures += 1;
      this.#current = undefined;
      return undefined;
    }
  }

  /** The current connection's shared tool catalog, if a connection is open. */
  get catalog(): CatalogSnapshot | undefined {
    return this.#current;
  }

  /** Drops the current connection so the next case starts on a fresh one. */
  async discard(): Promise<void> {
    const current = this.#current;
    this.#current = undefined;
    await current?.connection.close();
  }

  async close(): Promise<void> {
    await this.discard();
  }
}
