import type { JsonObject } from '@mcp-eval/protocol';
import { CLIENT_CAPABILITIES_META, CLIENT_INFO_META, MODERN_VERSION, PROTOCOL_VERSION_META } from './protocol-constants.js';

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
export function modernRequest(method: string, params: JsonObject = {}, version: string = MODERN_VERSION): JsonObject {
  return {
    jsonrpc: '2.0',
    id: rawRequestId(),
    method,
    params: {
      ...params,
      _meta: {
        [PROTOCOL_VERSION_META]: version,
        [CLIENT_INFO_META]: { name: 'mcp-eval-conformance', version: '1' },
        [CLIENT_CAPABILITIES_META]: {},
      },
    },
  };
}

/** A legacy (2025-era) request built by hand. */
export function legacyRequest(method: string, params: JsonObject = {}): JsonObject {
  return { jsonrpc: '2.0', id: rawRequestId(), method, params };
}
