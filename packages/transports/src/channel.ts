import type { ConnectionDiagnostics, Exchange, TransportKind } from '@mcp-eval/protocol';

import type { RpcId } from './json-rpc-message.js';

/** One message to put on the wire, already encoded: the era layer decides what it says. */
export interface Outbound {
  /** For the exchange record. */
  readonly method: string;
  /** The id the answer must carry; `undefined` when the body has none that could be read. */
  readonly id: RpcId | undefined;
  /** Sent byte for byte (stdio adds the newline that frames it, unless it ends with one). */
  readonly body: string;
  /** HTTP only: headers to set (string) or remove (null) over the channel's base headers. */
  readonly headers: Readonly<Record<string, string | null>>;
  /** False for notifications and for answers to server requests: done once delivered. */
  readonly expectResponse: boolean;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** Routing key of the request's progress token (stdio attaches matching notifications). */
  readonly progressKey?: string;
}

/** A request the server sent us (legacy sampling, roots, ping...). */
export interface ServerRequest {
  readonly id: RpcId;
  readonly method: string;
}

/** A byte pipe with JSON-RPC framing and measurement; knows nothing about eras. */
export interface Channel {
  readonly transport: TransportKind;
  /** True once either side has ended it. */
  readonly closed: boolean;
  send(outbound: Outbound): Promise<Exchange>;
  diagnostics(): ConnectionDiagnostics;
  close(): Promise<void>;
  /** Set by the connection, which decides how (and whether) to answer. */
  onServerRequest: ((request: ServerRequest) => void) | undefined;
}
