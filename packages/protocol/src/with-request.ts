import type { Connection, Exchange, RequestOptions } from './connection.js';
import type { JsonObject } from './json-value.js';
import { withMembers } from './with-members.js';

/** The same connection with its `request` replaced (`withMembers`): how recording and tracing observe requests. */
export function withRequest(
  connection: Connection,
  request: (method: string, params?: JsonObject, options?: RequestOptions) => Promise<Exchange>,
): Connection {
  return withMembers(connection, { request });
}
