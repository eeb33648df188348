import type { Connection, Connector } from '@mcp-eval/core';

/** A connection being opened ahead of need, and a connector whose first `connect()` takes it over. */
export interface Prestarted {
  readonly connector: Connector;
  /** Closes the early connection if no `connect()` took it (a failed start needs nothing). */
  release(): Promise<void>;
}

/**
 * Starts a connection now, so a part that will need one does not wait for a server start after
 * the part before it. Whoever takes it over through `connect()` owns it, as with any connection.
 */
export function prestarted(connector: Connector): Prestarted {
  let early: Promise<Connection> | undefined = connector.connect();
  // A failed start surfaces to whoever takes it over; unclaimed, it is nobody's error.
  early.catch(() => undefined);
  return {
    connector: {
      transport: connector.transport,
      connect(options) {
        const pending = early;
        early = undefined;
        return pending ?? connector.connect(options);
      },
    },
    async release() {
      const pending = early;
      early = undefined;
      if (pending === undefined) return;
      const connection = await pending.catch(() => undefined);
      await connection?.close();
    },
  };
}
