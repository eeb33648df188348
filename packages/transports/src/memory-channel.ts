import type { Readable, Writable } from 'node:stream';

import type { ConnectionDiagnostics, Exchange, FailureKind, TransportTraits, WireLog } from '@mcp-eval/protocol';

import type { Channel, Outbound, ServerRequest } from './channel.js';
import { buildExchange, elapsedSince, failure } from './exchange.js';
import { LineInbox } from './line-inbox.js';
import { WireRecorder, type WireLogLimits } from './wire-recorder.js';

/**
 * A server object running in this process, served over the stdio binding on a linked pair of
 * in-process streams (for example an SDK server's `StdioServerTransport` constructed over them).
 */
export interface InMemoryServer {
  /** The server's stdin: what we write, it reads. */
  readonly input: Writable;
  /** The server's stdout: what it writes, we read. */
  readonly output: Readable;
  /** Stops the server: its transport and every instance it made. */
  close(): Promise<void>;
}

/**
 * The stdio binding without a process: one stream each way to a server this channel owns, so it
 * has stdio's traits (no headers, cancellation by notification, silence on the probe is an answer).
 */
export const IN_MEMORY_TRAITS: TransportTraits = {
  httpHeaders: false,
  cancelByClosingStream: false,
  headerSessions: false,
  ownsServer: true,
};

/**
 * Newline-framed JSON-RPC to an in-process server, read and measured exactly as a process's stdout
 * is (the same inbox), minus what only a process has: a pid, stderr, an exit status, a pipe to
 * back up. It reports as `stdio`, the binding it speaks; `traits` say what it can do.
 */
export class MemoryChannel implements Channel {
  readonly transport = 'stdio';
  readonly traits = IN_MEMORY_TRAITS;

  readonly #server: InMemoryServer;
  readonly #inbox: LineInbox;
  readonly #wire: WireRecorder;
  #endKind: FailureKind | undefined;
  #closing: Promise<void> | undefined;

  constructor(server: InMemoryServer, limits: WireLogLimits & { readonly maxResponseBytes: number }) {
    this.#server = server;
    this.#wire = new WireRecorder(limits);
    this.#inbox = new LineInbox(limits.maxResponseBytes, this.#wire);
    server.output.on('data', (chunk: Buffer | string) => this.#inbox.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
    server.output.on('end', () => this.#end());
    server.output.on('error', () => this.#end());
    server.input.on('error', () => {
      // Writing after the server ended: the end handler reports it.
    });
  }

  get onServerRequest(): ((request: ServerRequest) => void) | undefined {
    return this.#inbox.onServerRequest;
  }

  set onServerRequest(handler: ((request: ServerRequest) => void) | undefined) {
    this.#inbox.onServerRequest = handler;
  }

  get closed(): boolean {
    return this.#closing !== undefined || this.#endKind !== undefined;
  }

  diagnostics(): ConnectionDiagnostics {
    return {
      nonJsonLines: this.#inbox.nonJsonLines,
      strayResponses: this.#inbox.table.strayResponses,
      unsolicitedMessages: this.#inbox.unsolicitedMessages,
      stderrBytes: 0,
    };
  }

  wireLog(): WireLog {
    return this.#wire.log();
  }

  async send(outbound: Outbound): Promise<Exchange> {
    const startedAt = performance.now();
    const line = outbound.body.endsWith('\n') ? outbound.body : `${outbound.body}\n`;
    const measure = { method: outbound.method, requestBytes: Buffer.byteLength(line), responseBytes: 0, notifications: [] };
    if (this.closed) return buildExchange({ ...measure, latencyMs: elapsedSince(startedAt) }, failure(this.#endKind ?? 'closed'));
    if (outbound.expectResponse) return this.#inbox.request(outbound, line, startedAt, (text) => this.#server.input.write(text));
    this.#wire.sent('stdin', measure.requestBytes, outbound.value);
    const written = await new Promise<boolean>((resolve) => this.#server.input.write(line, (error) => resolve(error == null)));
    return buildExchange(
      { ...measure, latencyMs: elapsedSince(startedAt) },
      written ? { outcome: 'result', result: {} } : failure('closed'),
    );
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#inbox.table.settleAll(failure('closed'));
      this.#server.input.end();
      await this.#server.close();
    })();
    return this.#closing;
  }

  /** The server ended its stream: whatever is pending will never be answered. */
  #end(): void {
    if (this.#endKind !== undefined) return;
    this.#inbox.end();
    this.#endKind = 'closed';
    this.#inbox.table.settleAll(failure('closed'));
  }
}
