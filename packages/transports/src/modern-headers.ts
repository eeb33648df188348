import { isJsonObject, PROTOCOL_VERSION_META } from '@mcp-eval/protocol';

/**
 * Which body field the `Mcp-Name` header mirrors, per method (SEP-2243 and the tasks extension),
 * the same table the official SDK shares between client and server.
 */
const MCP_NAME_SOURCE: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

const BASE64_PREFIX = '=?base64?';
const BASE64_SUFFIX = '?=';

/**
 * A header value as the spec sends it: plain when it is a safe ASCII field value, otherwise
 * `=?base64?{utf8 as base64}?=` (also when it already looks like that sentinel, to stay unambiguous).
 */
export function encodeHeaderValue(value: string): string {
  const safe =
    value.length > 0 &&
    value === value.trim() &&
    !(value.startsWith(BASE64_PREFIX) && value.endsWith(BASE64_SUFFIX)) &&
    [...value].every((char) => {
      const code = char.codePointAt(0) ?? 0;
      return code === 9 || (code >= 32 && code <= 126);
    });
  return safe ? value : `${BASE64_PREFIX}${Buffer.from(value, 'utf8').toString('base64')}${BASE64_SUFFIX}`;
}

/**
 * The 2026-07-28 headers a request body implies: `MCP-Protocol-Version` from its envelope (or the
 * connection's version when the body names none), `Mcp-Method`, and `Mcp-Name` where required.
 * Derived from the body actually sent, so a raw body with a deliberate version gets a matching header
 * unless the caller overrides it.
 */
export function modernHeaders(body: unknown, connectionVersion: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const message = isJsonObject(body) ? body : {};
  const params = isJsonObject(message.params) ? message.params : {};
  const meta = isJsonObject(params._meta) ? params._meta : {};
  const version = meta[PROTOCOL_VERSION_META];
  headers['mcp-protocol-version'] = typeof version === 'string' ? version : connectionVersion;
  if (typeof message.method === 'string') {
    headers['mcp-method'] = encodeHeaderValue(message.method);
    const field = Object.hasOwn(MCP_NAME_SOURCE, message.method) ? MCP_NAME_SOURCE[message.method] : undefined;
    const name = field === undefined ? undefined : params[field];
    if (typeof name === 'string') headers['mcp-name'] = encodeHeaderValue(name);
  }
  return headers;
}
