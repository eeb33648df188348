import type { Connection, Connector } from '@mcp-eval/core';
import { withMembers } from '@mcp-eval/protocol';

/**
 * A connector whose first `connect()` lends a connection that is already open, so the connection
 * that read the catalog also runs later cases instead of another server starting. The loan's
 * `close()` does nothing: the owner closes the connection once every borrower is done.
 */
export function lentConnector(connector: Connector, owned: Connection): Connector {
  // `owned` in every respect but `close()`.
  let spare: Connection | undefined = withMembers(owned, { close: () => Promise.resolve() });
  return {
    transport: connector.transport,
    connect(options) {
      const connection = spare;
      spare = undefined;
      return connection === undefined ? connector.connect(options) : Promise.resolve(connection);
    },
  };
}
