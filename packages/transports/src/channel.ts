import type {
  BodylessHttpMethod,
  ConnectionDiagnostics,
  Exchange,
  JsonValue,
  NetworkFailure,
  ServerExit,
  TransportKind,
  TransportTraits,
  WireLog,
} from '@mcp-eval/protocol';

import type { RpcId } from './json-rpc-message.js';

/** One message to put on the wire, already encoded: the era layer decides what it says. */
export interface Outbound {
  /** For the exchange record. */
  readonly method: string;
  /** The id the answer must carry; `undefined` when the body has none that could be read. */
  readonly id: RpcId | undefined;
  /** Sent byte for byte (stdio adds the newline that frames it, unless it ends with one). */
  readonly body: string;
  /** `body` as JSON, for the wire log (the sender has it already); `undefined` when it is not JSON. */
  readonly value: JsonValue | undefined;
  /** HTTP only: headers to set (string) or remove (null) over the channel's base headers. */
  readonly headers: Readonly<Record<string, string | null>>;
  /** False for notifications and for answers to server requests: done once delivered. */
  readonly expectResponse: boolean;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** Routing key of the request's progress token (stdio attaches matching notifications). */
  readonly progressKey?: string;
  /** HTTP only: abort the request once this many notifications arrived on its stream (a dropped stream). */
  readonly dropStreamAfter?: number;
  /** HTTP only: this request's response cap, when below the connection's (`RequestOptions.maxResponseBytes`). */
  readonly maxResponseBytes?: number;
  /** HTTP only: a body-less method instead of POST; the answer is the status and headers. */
  readonly httpMethod?: BodylessHttpMethod;
}

/** A request the server sent us (legacy sampling, roots, ping...). */
export interface ServerRequest {
  readonly id: RpcId;
  readonly method: string;
}

/** The server process behind a channel, for the connection's pid and a failed handshake's account. */
export interface ChannelProcess {
  readonly pid: number | undefined;
  /** The first `stderrCapBytes` of stderr. Server text: never log or persist it. */
  stderrText(): string;
  /** How the process ended by itself (numbers only). */
  serverExit(): ServerExit;
}

/**
 * A byte pipe with JSON-RPC framing and measurement; knows nothing about eras. Implement this (and
 * hand an opener to `connectorFromChannel`) to add a transport: the era layer, negotiation and the
 * connection are shared, and read `traits` rather than `transport`.
 */
export interface Channel {
  /** What a record names the transport as. */
  readonly transport: TransportKind;
  readonly traits: TransportTraits;
  /** Present when a process of ours serves the channel (stdio). */
  readonly process?: ChannelProcess;
  /**
   * Ends a session outside JSON-RPC, with the session's headers (HTTP: `DELETE`). Called before
   * `close` when the handshake opened a session; absent when there is nothing to end.
   */
  endSession?(headers: Readonly<Record<string, string>>, timeoutMs: number): Promise<unknown>;
  /** True once either side has ended it. */
  readonly closed: boolean;
  send(outbound: Outbound): Promise<Exchange>;
  diagnostics(): ConnectionDiagnostics;
  /** Every frame sent and received so far, bounded (see `WireRecorder`). */
  wireLog(): WireLog;
  close(): Promise<void>;
  /** Set by the connection, which decides how (and whether) to answer. */
  onServerRequest: ((request: ServerRequest) => void) | undefined;
}

/** A freshly opened channel and when it was opened (stdio: spawned; HTTP: first request). */
export interface OpenedChannel {
  readonly channel: Channel;
  /** `performance.now()` when it was opened: cold start is measured from here. */
  readonly startedAt: number;
  /** What the network said when the last failure reached nothing at all (HTTP: refused, DNS, TLS). */
  readonly unreachable: () => NetworkFailure | undefined;
}
