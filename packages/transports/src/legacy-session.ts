import {
  ConnectError,
  type ClientInfo,
  type Exchange,
  type JsonObject,
  type NetworkFailure,
  type ResultExchange,
} from '@mcp-eval/protocol';
import { ERROR_CODES, isJsonObject, LEGACY_PROTOCOL_VERSION, LEGACY_PROTOCOL_VERSIONS } from '@mcp-eval/protocol';

import type { Channel } from './channel.js';
import { legacyBinding, type EraBinding } from './era-binding.js';
import type { RequestIds } from './request-ids.js';

export interface LegacyHandshake {
  readonly binding: EraBinding;
  readonly handshake: ResultExchange;
  readonly serverCapabilities: JsonObject;
  readonly sessionId: string | undefined;
  /** `performance.now()` when the initialize answer arrived. */
  readonly answeredAt: number;
}

export interface HandshakeContext {
  readonly channel: Channel;
  readonly ids: RequestIds;
  readonly clientInfo: ClientInfo;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** HTTP: what the network said when the last failure reached nothing at all. */
  readonly unreachable: () => NetworkFailure | undefined;
}

/** A handshake request that got no usable answer, as a ConnectError (fixed text only). */
export function handshakeFailure(exchange: Exchange, unreachable: NetworkFailure | undefined): ConnectError {
  if (exchange.outcome === 'error') {
    return exchange.error.code === ERROR_CODES.unsupportedVersion
      ? new ConnectError('era-unsupported', 'The server does not support the requested protocol era')
      : new ConnectError('handshake-rejected', 'The server rejected the handshake with a JSON-RPC error');
  }
  if (exchange.outcome === 'transport-failure') {
    const kind = exchange.failure === 'crashed' && unreachable !== undefined ? unreachable : exchange.failure;
    return new ConnectError(kind, `The handshake failed: ${kind}`, kind === 'http-status' ? httpStatusOf(exchange) : undefined);
  }
  return new ConnectError('handshake-rejected', 'The handshake failed');
}

/** The status an `http-status` failure was answered with, when it has one. */
export function httpStatusOf(exchange: Exchange): { readonly httpStatus: number } | undefined {
  return exchange.httpStatus === undefined ? undefined : { httpStatus: exchange.httpStatus };
}

/**
 * The 2025 handshake: `initialize` (offering 2025-11-25), then `notifications/initialized`. Over
 * HTTP the server may issue an `Mcp-Session-Id`, which every later request carries.
 */
export async function legacyHandshake(context: HandshakeContext): Promise<LegacyHandshake> {
  const { channel } = context;
  const before = legacyBinding(channel.traits, undefined, LEGACY_PROTOCOL_VERSION);
  const id = context.ids.next();
  const params = { protocolVersion: LEGACY_PROTOCOL_VERSION, capabilities: {}, clientInfo: { ...context.clientInfo } };
  const body = before.message('initialize', params, id);
  const exchange = await channel.send({
    method: 'initialize',
    id,
    body: JSON.stringify(body),
    value: body,
    headers: before.headers(body),
    expectResponse: true,
    timeoutMs: context.timeoutMs,
    ...(context.signal ? { signal: context.signal } : {}),
  });
  const answeredAt = performance.now();
  if (exchange.outcome !== 'result') throw handshakeFailure(exchange, context.unreachable());
  const accepted = exchange.result.protocolVersion;
  // A revision we do not speak ends the handshake (the spec's "SHOULD disconnect"); it also keeps
  // arbitrary server text out of `protocolVersion`, which reports print.
  if (typeof accepted !== 'string' || !LEGACY_PROTOCOL_VERSIONS.includes(accepted)) {
    throw new ConnectError('era-unsupported', 'The server answered initialize with a protocol revision MCP Eval does not speak');
  }
  const sessionId = exchange.responseHeaders?.['mcp-session-id'];
  const binding = legacyBinding(channel.traits, { protocolVersion: accepted, sessionId }, LEGACY_PROTOCOL_VERSION);
  const initialized = binding.message('notifications/initialized', undefined);
  await channel.send({
    method: 'notifications/initialized',
    id: undefined,
    body: JSON.stringify(initialized),
    value: initialized,
    headers: binding.headers(initialized),
    expectResponse: false,
    timeoutMs: context.timeoutMs,
  });
  const capabilities = exchange.result.capabilities;
  return { binding, handshake: exchange, serverCapabilities: isJsonObject(capabilities) ? capabilities : {}, sessionId, answeredAt };
}

/** Ends an HTTP session the way the spec asks: DELETE with its id. The status is not needed. */
export async function endSession(
  deleteSession: (headers: Readonly<Record<string, string>>, timeoutMs: number) => Promise<unknown>,
  binding: EraBinding,
  timeoutMs: number,
): Promise<void> {
  const headers = binding.headers(undefined);
  if (headers['mcp-session-id'] === undefined) return;
  await deleteSession(headers, timeoutMs);
}
