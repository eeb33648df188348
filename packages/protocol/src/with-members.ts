import type { Connection } from './connection.js';

/** The members a decorator may replace: the calls. The negotiated state is the connection's own. */
type ConnectionCalls = Pick<Connection, 'request' | 'notify' | 'sendRaw' | 'close'>;

/**
 * The same connection with some of its calls replaced: every other member reads through to the
 * original, live (getters, so `closed` and the negotiated state stay current). The one way to
 * observe or decorate a connection (recording, tracing, a loan that must not close it) without
 * restating the port.
 */
export function withMembers(connection: Connection, replaced: Partial<ConnectionCalls>): Connection {
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
    request: replaced.request ?? ((method, params, options) => connection.request(method, params, options)),
    notify: replaced.notify ?? ((method, params) => connection.notify(method, params)),
    sendRaw: replaced.sendRaw ?? ((message, options) => connection.sendRaw(message, options)),
    diagnostics: () => connection.diagnostics(),
    wireLog: () => connection.wireLog(),
    close: replaced.close ?? (() => connection.close()),
  };
}
