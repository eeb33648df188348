import type { Connection, Exchange, JsonObject } from '@mcp-eval/protocol';
import { withRequest } from '@mcp-eval/protocol';

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
  const recorded = withRequest(connection, async (method, params, options) => {
    const exchange = await connection.request(method, params, options);
    exchanges.push({ method, params, exchange });
    return exchange;
  });
  return { connection: recorded, exchanges };
}
