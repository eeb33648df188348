import { envelopeMeta, MODERN_PROTOCOL_VERSION, type JsonObject, type ProtocolEra } from '@mcp-eval/protocol';

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

/**
 * The era's harmless notification: a `notifications/cancelled` for a request that was never sent,
 * which both revisions say a server ignores (with the envelope on 2026-07-28).
 */
export function harmlessNotification(era: ProtocolEra): JsonObject {
  const params = { requestId: rawRequestId(), reason: 'mcp-eval conformance: no such request' };
  const { id: _id, ...notification } =
    era === 'modern' ? modernRequest('notifications/cancelled', params) : legacyRequest('notifications/cancelled', params);
  return notification;
}

/** A 2026-07-28 `notifications/cancelled` of `requestId`, enveloped: how a client ends a request over stdio. */
export function cancellationOf(requestId: string): JsonObject {
  const { id: _id, ...notification } = modernRequest('notifications/cancelled', { requestId });
  return notification;
}

/** The era's harmless request: `server/discover` on 2026-07-28, `ping` in a legacy session. */
export function harmlessRequest(era: ProtocolEra): JsonObject {
  return era === 'modern' ? modernRequest('server/discover') : legacyRequest('ping');
}
