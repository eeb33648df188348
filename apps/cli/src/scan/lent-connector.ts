import type { Connection, Connector } from '@mcp-eval/core';

/**
 * A connector whose first `connect()` lends a connection that is already open, so the connection
 * that read the catalog also runs later cases instead of another server starting. The loan's
 * `close()` does nothing: the owner closes the connection once every borrower is done.
 */
export function lentConnector(connector: Connector, owned: Connection): Connector {
  let spare: Connection | undefined = loan(owned);
  return {
    transport: connector.transport,
    connect(options) {
      const connection = spare;
      spare = undefined;
      return connection === undefined ? connector.connect(options) : Promise.resolve(connection);
    },
  };
}

/** `owned` in every respect but `close()`. */
function loan(owned: Connection): Connection {
  return {
    transport: owned.transport,
    traits: owned.traits,
    era: owned.era,
    protocolVersion: owned.protocolVersion,
    serverCapabilities: owned.serverCapabilities,
    handshake: owned.handshake,
    coldStartMs: owned.coldStartMs,
    get closed() {
      return owned.closed;
    },
    request: (method, params, options) => owned.request(method, params, options),
    notify: (method, params) => owned.notify(method, params),
    sendRaw: (message, options) => owned.sendRaw(message, options),
    diagnostics: () => owned.diagnostics(),
    close: () => Promise.resolve(),
  };
}
