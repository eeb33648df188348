import type { Connection, Connector } from '@mcp-eval/core';

/**
 * A connector whose first `connect()` hands out a connection that is already open, so the
 * connection that read the catalog also runs the first cases instead of a server starting twice.
 */
export function openedConnector(connector: Connector, opened: Connection): Connector {
  let spare: Connection | undefined = opened;
  return {
    transport: connector.transport,
    connect(options) {
      const connection = spare;
      spare = undefined;
      return connection === undefined ? connector.connect(options) : Promise.resolve(connection);
    },
  };
}
