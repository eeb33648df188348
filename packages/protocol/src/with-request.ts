import type { Connection, Exchange, RequestOptions } from './connection.js';
import type { JsonObject } from './json-value.js';

/**
 * The same connection with its `request` replaced: every other member reads through to the
 * original, live (getters, so `closed` and the negotiated state stay current). The one way to
 * observe or decorate requests (recording, tracing) without restating the port.
 */
export function withRequest(
  connection: Connection,
  request: (method: string, params?: JsonObject, options?: RequestOptions) => Promise<Exchange>,
): Connection {
  return {
    get transport() {
      return connection.transport;
    },
    get traits() {
      return connection.traits;
    },
    get era() {
      return connection.era;
    },
    get protocolVersion() {
      return connection.protocolVersion;
    },
    get serverCapabilities() {
      return connection.serverCapabilities;
    },
    get handshake() {
      return connection.handshake;
    },
    get coldStartMs() {
      return connection.coldStartMs;
    },
    get closed() {
      return connection.closed;
    },
    request,
    notify: (method, params) => connection.notify(method, params),
    sendRaw: (message, options) => connection.sendRaw(message, options),
    diagnostics: () => connection.diagnostics(),
    close: () => connection.close(),
  };
}
