import type { Connection, Exchange, JsonObject, RequestOptions } from '@mcp-eval/protocol';

export interface RecordedExchange {
  readonly method: string;
  /** The request's params as sent (the caller's own values, e.g. a manifest's tool name). */
  readonly params: JsonObject | undefined;
  readonly exchange: Exchange;
}

/**
 * The same connection, keeping every request's exchange in order. The assertions about results
 * (`resultType`, cache fields) read each page a shared walker such as `walkList` fetched, without
 * a walker of their own.
 */
export function recordingConnection(connection: Connection): { readonly connection: Connection; readonly exchanges: RecordedExchange[] } {
  const exchanges: RecordedExchange[] = [];
  const recorded: Connection = {
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
    async request(method: string, params?: JsonObject, options?: RequestOptions) {
      const exchange = await connection.request(method, params, options);
      exchanges.push({ method, params, exchange });
      return exchange;
    },
    notify: (method, params) => connection.notify(method, params),
    sendRaw: (message, options) => connection.sendRaw(message, options),
    diagnostics: () => connection.diagnostics(),
    close: () => connection.close(),
  };
  return { connection: recorded, exchanges };
}
