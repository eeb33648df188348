import type { ClientInfo, JsonObject, ProtocolEra, RequestOptions, TransportTraits } from '@mcp-eval/protocol';
import { envelopeMeta, MODERN_PROTOCOL_VERSION, paramsWithMeta } from '@mcp-eval/protocol';

import { modernHeaders } from './modern-headers.js';
import type { RpcId } from './json-rpc-message.js';

/**
 * How one era puts a message on the wire: the body (with or without the per-request envelope), the
 * HTTP headers it implies, and how a request that was given up is announced.
 */
export interface EraBinding {
  readonly era: ProtocolEra;
  readonly protocolVersion: string;
  /** A request body when `id` is given, else a notification body. */
  message(method: string, params: JsonObject | undefined, id?: RpcId, options?: RequestOptions): JsonObject;
  /** HTTP headers derived from a body about to be sent (none unless the channel has `httpHeaders`). */
  headers(body: unknown): Record<string, string>;
  /**
   * Whether a timed-out or cancelled request is announced with `notifications/cancelled`. On
   * 2026-07-28 over a channel with `cancelByClosingStream` (HTTP), closing the stream is the cancellation.
   */
  readonly cancelWithNotification: boolean;
}

function jsonRpc(method: string, params: JsonObject | undefined, id: RpcId | undefined): JsonObject {
  return {
    jsonrpc: '2.0',
    ...(id === undefined ? {} : { id }),
    method,
    ...(params === undefined ? {} : { params }),
  };
}

/** 2026-07-28: every message carries the envelope; HTTP headers mirror the body. */
export function modernBinding(traits: TransportTraits, clientInfo: ClientInfo, version = MODERN_PROTOCOL_VERSION): EraBinding {
  return {
    era: 'modern',
    protocolVersion: version,
    message(method, params, id, options) {
      const meta = { ...envelopeMeta(version, clientInfo, options?.clientCapabilities), ...options?.meta };
      return jsonRpc(method, paramsWithMeta(params ?? {}, meta), id);
    },
    headers: (body) => (traits.httpHeaders ? modernHeaders(body, version) : {}),
    cancelWithNotification: !traits.cancelByClosingStream,
  };
}

export interface LegacySessionState {
  /** The version the server accepted in its initialize result. */
  readonly protocolVersion: string;
  /** With `headerSessions`: the `Mcp-Session-Id` the server issued, if it issued one. */
  readonly sessionId: string | undefined;
}

/**
 * The initialize/session era. Before the handshake (`session` undefined) nothing is added; after it,
 * requests over a channel with `httpHeaders` carry `MCP-Protocol-Version` and the session id.
 */
export function legacyBinding(traits: TransportTraits, session: LegacySessionState | undefined, fallbackVersion: string): EraBinding {
  return {
    era: 'legacy',
    protocolVersion: session?.protocolVersion ?? fallbackVersion,
    message: (method, params, id, options) => jsonRpc(method, paramsWithMeta(params, options?.meta), id),
    headers() {
      if (!traits.httpHeaders || session === undefined) return {};
      return {
        'mcp-protocol-version': session.protocolVersion,
        ...(session.sessionId === undefined ? {} : { 'mcp-session-id': session.sessionId }),
      };
    },
    cancelWithNotification: true,
  };
}
