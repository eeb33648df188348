import type { FailureKind } from './failure-kind.js';
import type { JsonObject, JsonValue } from './json-value.js';
import type { ProtocolEra } from './revisions.js';
import type { TransportKind } from './server-target.js';
import type { TransportTraits } from './transport-traits.js';
import type { WireLog } from './wire-log.js';

/**
 * The port core needs from a transport. `@mcp-eval/transports` implements it over stdio and
 * Streamable HTTP; anyone may implement it over something else. Core never imports a transport.
 */

export interface JsonRpcErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: JsonValue;
}

/** What every exchange measures, whatever its outcome. */
export interface ExchangeMeasurements {
  /** The JSON-RPC method sent (or `raw` for a raw send whose body had none). */
  readonly method: string;
  readonly requestBytes: number;
  /** Bytes received for this request (the whole HTTP body, or the stdio line). */
  readonly responseBytes: number;
  /** Wall time from send to the complete answer, in milliseconds. */
  readonly latencyMs: number;
  /** HTTP only: the response status. */
  readonly httpStatus?: number;
  /** HTTP only: response headers, names lower-cased. */
  readonly responseHeaders?: Readonly<Record<string, string>>;
  /** Messages that arrived on this request's stream before its answer (SSE notifications). */
  readonly notifications: readonly JsonObject[];
}

export interface ResultExchange extends ExchangeMeasurements {
  readonly outcome: 'result';
  readonly result: JsonObject;
}

export interface ErrorExchange extends ExchangeMeasurements {
  readonly outcome: 'error';
  readonly error: JsonRpcErrorObject;
}

export interface FailedExchange extends ExchangeMeasurements {
  readonly outcome: 'transport-failure';
  readonly failure: FailureKind;
}

/** One request and what came of it: the unit every check reasons about. */
export type Exchange = ResultExchange | ErrorExchange | FailedExchange;

export interface RequestOptions {
  /** Per-request limit; defaults to the connection's. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Extra `_meta` keys merged into the request (modern era adds its envelope too). */
  readonly meta?: JsonObject;
  /** Modern era: client capabilities declared in this request's envelope. */
  readonly clientCapabilities?: JsonObject;
  /**
   * HTTP only: drop the connection once this many messages (notifications) have arrived on the
   * request's response stream before its answer, without announcing it (a dropped stream, not a
   * `notifications/cancelled`); the exchange then fails `cancelled`. Ignored on stdio.
   */
  readonly dropStreamAfter?: number;
  /**
   * HTTP only: a response cap for this request below the connection's (the lower one holds); a
   * body over it is not buffered further and the exchange fails `oversized`. The load probe sets it
   * so many answers in flight share one byte budget. Ignored on stdio, where a connection reads
   * one line at a time whatever is in flight, under the connection's cap.
   */
  readonly maxResponseBytes?: number;
}

/** A deliberate violation: sent exactly as given, without envelope or derived headers fixes. */
export interface RawMessage {
  /** A string is written byte for byte (it may be invalid JSON); an object is JSON-encoded. */
  readonly body: string | JsonObject;
  /**
   * HTTP only: headers to set (string) or remove (null) on top of the ones the connection would
   * derive from the body. Ignored on stdio.
   */
  readonly headers?: Readonly<Record<string, string | null>>;
  /** False for notifications: resolve once sent. Defaults to true. */
  readonly expectResponse?: boolean;
  /**
   * HTTP only: send this body-less method instead of POST (the body still derives the headers but
   * is not sent). The response body is discarded unread: the answer is its status and headers, a
   * 2xx one an empty result. Ignored on stdio.
   */
  readonly httpMethod?: BodylessHttpMethod;
}

/** The HTTP methods a raw message may use instead of POST (Streamable HTTP's GET stream and DELETE). */
export type BodylessHttpMethod = 'GET' | 'DELETE';

/** Counters about what the server did outside request/response pairs. Numbers only, by design. */
export interface ConnectionDiagnostics {
  /** stdout lines that were not JSON (stdio pollution). */
  readonly nonJsonLines: number;
  /** Responses whose id matched no pending request. */
  readonly strayResponses: number;
  /** Notifications and server requests received outside any request's stream. */
  readonly unsolicitedMessages: number;
  /** stderr bytes seen (capped capture; the count is exact). */
  readonly stderrBytes: number;
}

export interface Connection {
  readonly transport: TransportKind;
  /** What the transport can do; test these rather than `transport`. */
  readonly traits: TransportTraits;
  readonly era: ProtocolEra;
  /** The negotiated revision, e.g. `2026-07-28` or `2025-11-25`. */
  readonly protocolVersion: string;
  /** From `server/discover` (modern) or the initialize result (legacy). */
  readonly serverCapabilities: JsonObject;
  /** The exchange that established the era: `server/discover` or `initialize`. */
  readonly handshake: ResultExchange;
  /** From starting the process (or first request) to the handshake's answer. */
  readonly coldStartMs: number;
  /** True once closed by either side. */
  readonly closed: boolean;
  request(method: string, params?: JsonObject, options?: RequestOptions): Promise<Exchange>;
  notify(method: string, params?: JsonObject): Promise<void>;
  sendRaw(message: RawMessage, options?: RequestOptions): Promise<Exchange>;
  diagnostics(): ConnectionDiagnostics;
  /**
   * What crossed the wire so far, bounded (the conformance assertions about message shape, framing
   * and server-initiated traffic read it). Server text: never print or persist a frame's value.
   */
  wireLog(): WireLog;
  close(): Promise<void>;
}

/** Opens independent connections to one target: two calls never share a process or session. */
export interface Connector {
  readonly transport: TransportKind;
  connect(options?: { readonly signal?: AbortSignal }): Promise<Connection>;
  /**
   * Over HTTP: a connector to another instance of the same server at `url` (same headers and
   * options), for probes that compare instances; absent over stdio.
   */
  readonly at?: (url: string) => Connector;
}
