import { isUtf8 } from 'node:buffer';

import type { Exchange, JsonObject } from '@mcp-eval/protocol';

import type { Outbound, ServerRequest } from './channel.js';
import { buildExchange, elapsedSince, failure, type Answer } from './exchange.js';
import { messagesIn, notificationProgressKey, parseJson, type IncomingMessage } from './json-rpc-message.js';
import { LineSplitter, sampleId } from './line-splitter.js';
import { PendingTable } from './pending-table.js';
import type { WireRecorder } from './wire-recorder.js';

/**
 * What a newline-framed stream from the server delivers, routed: responses to their pending
 * requests, progress notifications to the request that asked, server requests to the connection,
 * and everything else counted (non-JSON lines are pollution, never fatal). Shared by every channel
 * that reads the stdio framing (a process's stdout, an in-process server's stream).
 */
export class LineInbox {
  readonly table = new PendingTable();
  onServerRequest: ((request: ServerRequest) => void) | undefined;

  readonly #splitter: LineSplitter;
  readonly #wire: WireRecorder;
  #nonJsonLines = 0;
  #unsolicited = 0;
  #overflowBlamed = false;

  constructor(maxResponseBytes: number, wire: WireRecorder) {
    this.#wire = wire;
    this.#splitter = new LineSplitter(maxResponseBytes, {
      line: (text, bytes, raw) => this.#onLine(text, bytes, raw),
      overflowStarted: (bytes) => {
        this.#overflowBlamed = this.table.blameSole(failure('oversized'), bytes);
      },
      oversizedLine: (bytes, head, tail) => {
        wire.add({ direction: 'received', source: 'stdout', stream: 0, bytes, utf8: true, value: undefined, oversized: true });
        if (!this.#overflowBlamed) this.table.routeOversized(sampleId(head, tail), bytes);
        this.#overflowBlamed = false;
      },
    });
  }

  get nonJsonLines(): number {
    return this.#nonJsonLines;
  }

  get unsolicitedMessages(): number {
    return this.#unsolicited;
  }

  /**
   * Writes a request with `write` and resolves with its exchange: the matching answer, or a
   * timeout, or a cancellation when `outbound.signal` aborts (a later answer is only late).
   */
  request(outbound: Outbound, line: string, startedAt: number, write: (line: string) => void): Promise<Exchange> {
    const requestBytes = Buffer.byteLength(line);
    const id = outbound.id ?? null;
    return new Promise<Exchange>((resolve) => {
      const notifications: JsonObject[] = [];
      const onAbort = (): void => this.table.abandon(id, failure('cancelled'));
      const timer = setTimeout(() => this.table.abandon(id, failure('timeout')), outbound.timeoutMs);
      this.table.add(id, {
        method: outbound.method,
        startedAt,
        requestBytes,
        progressKey: outbound.progressKey,
        notifications,
        settle: (answer: Answer, responseBytes: number) => {
          clearTimeout(timer);
          outbound.signal?.removeEventListener('abort', onAbort);
          const measured = { method: outbound.method, requestBytes, responseBytes, latencyMs: elapsedSince(startedAt), notifications };
          resolve(buildExchange(measured, answer));
        },
      });
      if (outbound.signal?.aborted) return onAbort();
      outbound.signal?.addEventListener('abort', onAbort, { once: true });
      this.#wire.sent('stdin', requestBytes, outbound.value);
      write(line);
    });
  }

  push(chunk: Buffer): void {
    this.#splitter.push(chunk);
  }

  /** The stream ended: an unterminated last line still counts. */
  end(): void {
    this.#splitter.end();
  }

  /** Blank lines are neither frames nor pollution: framing slack, not a message. */
  #onLine(text: string, bytes: number, raw: Buffer): void {
    if (text.trim() === '') return;
    const value = parseJson(text);
    this.#wire.add({ direction: 'received', source: 'stdout', stream: 0, bytes, utf8: isUtf8(raw), value });
    if (value === undefined) {
      this.#nonJsonLines += 1;
      return;
    }
    for (const message of messagesIn(value)) this.#onMessage(message, bytes);
  }

  #onMessage(message: IncomingMessage, bytes: number): void {
    switch (message.kind) {
      case 'result':
        return this.table.route(message.id, { outcome: 'result', result: message.result }, bytes);
      case 'error':
        return this.table.route(message.id, { outcome: 'error', error: message.error }, bytes);
      case 'invalid-response':
        return this.table.route(message.id, failure('malformed'), bytes);
      case 'notification': {
        const key = notificationProgressKey(message.message);
        const owner = key === undefined ? undefined : this.table.byProgressKey(key);
        if (owner) owner.notifications.push(message.message satisfies JsonObject);
        else this.#unsolicited += 1;
        return;
      }
      case 'request':
        this.#unsolicited += 1;
        this.onServerRequest?.({ id: message.id, method: message.method });
        return;
      case 'not-json-rpc':
        // Valid JSON that is not JSON-RPC is stdout pollution all the same.
        this.#nonJsonLines += 1;
        return;
    }
  }
}
