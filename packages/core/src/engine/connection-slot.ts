import type { Connection, Connector } from '@mcp-eval/protocol';

/** After this many connect failures in a row, a slot stops trying: the server is down. */
const MAX_CONSECUTIVE_CONNECT_FAILURES = 2;

/**
 * One worker's connection: opened on first use, replaced when the server closed or crashed it,
 * or when a case timed out on it (its pending requests are abandoned with it).
 */
export class ConnectionSlot {
  readonly #connector: Connector;
  #current: Connection | undefined;
  #failures = 0;

  constructor(connector: Connector, initial?: Connection) {
    this.#connector = connector;
    this.#current = initial;
  }

  /** The live connection, or `undefined` when none can be opened. */
  async acquire(signal?: AbortSignal): Promise<Connection | undefined> {
    if (this.#current && !this.#current.closed) return this.#current;
    if (this.#failures >= MAX_CONSECUTIVE_CONNECT_FAILURES) return undefined;
    try {
      this.#current = await this.#connector.connect(signal ? { signal } : {});
      this.#failures = 0;
      return this.#current;
    } catch {
      this.#failures += 1;
      this.#current = undefined;
      return undefined;
    }
  }

  /** Drops the current connection so the next case starts on a fresh one. */
  async discard(): Promise<void> {
    const current = this.#current;
    this.#current = undefined;
    await current?.close();
  }

  async close(): Promise<void> {
    await this.discard();
  }
}
