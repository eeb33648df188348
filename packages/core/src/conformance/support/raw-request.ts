import { envelopeMeta, MODERN_PROTOCOL_VERSION, type JsonObject } from '@mcp-eval/protocol';

let sent = 0;

/**
 * An id for a hand-built request. Strings never collide with the instrument's own numeric ids, and
 * the counter keeps concurrent assertions apart.
 */
export function rawRequestId(): string {
  sent += 1;
  return `mcp-eval-conformance-${sent}`;
}

/**
 * A 2026-07-28 request built by hand, with its `_meta` envelope naming `version`: for the raw
 * sends that then change a header on purpose (the instrument derives correct headers from it first).
 */
export function modernRequest(method: string, params: JsonObject = {}, version: string = MODERN_PROTOCOL_VERSION): JsonObject {
  return {
    jsonrpc: '2.0',
    id: rawRequestId(),
    method,
    params: { ...params, _meta: envelopeMeta(version, { name: 'mcp-eval-conformance', version: '1' }) },
  };
}

/** A legacy (2025-era) request built by hand. */
export function legacyRequest(method: string, params: JsonObject = {}): JsonObject {
  return { jsonrpc: '2.0', id: rawRequestId(), method, params };
}
