import type { ConnectionDiagnostics, Exchange, FailureKind, NetworkFailure, TransportTraits, WireLog } from '@mcp-eval/protocol';

import type { Channel, Outbound, ServerRequest } from './channel.js';
import { buildExchange, elapsedSince, failure, type Answer } from './exchange.js';
import { HttpEndpoint } from './http-endpoint.js';
import { requestHeaders, responseHeaderRecord } from './http-request-headers.js';
import { emptyReadResult, readResponse, type HttpResponse, type ReadResult } from './http-response-reader.js';
import type { FloodLimits } from './flood-limits.js';
import { idKey } from './json-rpc-message.js';
import { networkFailure } from './network-failure.js';
import type { HttpTarget } from './target.js';
import { WireRecorder, type WireLogLimits } from './wire-recorder.js';

export interface HttpLimits extends Pick<FloodLimits, 'maxPendingReplies' | 'maxServerRequestsPerResponse'>, WireLogLimits {
  readonly maxResponseBytes: number;
}

/** Streamable HTTP: headers, a response stream per request, sessions named by header, no process of ours. */
export const HTTP_TRAITS: TransportTraits = { httpHeaders: true, cancelByClosingStream: true, headerSessions: true, ownsServer: false };

interface ErrorCause {
  readonly code?: unknown;
  /** Connection attempts to several addresses fail together as an AggregateError. */
  readonly errors?: readonly ErrorCause[];
  readonly cause?: ErrorCause;
}

function networkErrorCode(error: unknown): string | undefined {
  const seen = error as ErrorCause | undefined;
  const code = seen?.code ?? seen?.errors?.[0]?.code ?? seen?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Streamable HTTP: one POST per message over a keep-alive pool, its status and headers kept, its
 * body read incrementally as bytes (JSON or SSE) under a byte cap. Each request owns its response
 * stream, so aborting it is how a request is given up (which, on the 2026-07-28 revision, is also
 * cancellation). Nothing is aborted on the way to an answer: no exception object per response.
 */
export class HttpChannel implements Channel {
  readonly transport = 'http';
  readonly traits = HTTP_TRAITS;
  onServerRequest: ((request: ServerRequest) => void) | undefined;

  readonly #target: HttpTarget;
  readonly #limits: HttpLimits;
  readonly #inFlight = new Set<(kind: FailureKind) => void>();
  readonly #wire: WireRecorder;
  readonly #endpoint: HttpEndpoint;
  #closed = false;
  /** Set when the server flooded the connection: every later send fails with it. */
  #endKind: FailureKind | undefined;
  #pendingReplies = 0;
  #nonJson = 0;
  #stray = 0;
  #unsolicited = 0;
  #unreachable: NetworkFailure | undefined;

  constructor(target: HttpTarget, limits: HttpLimits) {
    this.#target = target;
    this.#limits = limits;
    this.#wire = new WireRecorder(limits);
    this.#endpoint = new HttpEndpoint(target.url);
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** What the network said when the last failed request reached nothing at the URL. */
  get unreachable(): NetworkFailure | undefined {
    return this.#unreachable;
  }

  diagnostics(): ConnectionDiagnostics {
    return { nonJsonLines: this.#nonJson, strayResponses: this.#stray, unsolicitedMessages: this.#unsolicited, stderrBytes: 0 };
  }

  wireLog(): WireLog {
    return this.#wire.log();
  }

  /** Content negotiation and the target's own headers, then the message's (null removes). */
  #headers(overrides: Readonly<Record<string, string | null>>): Record<string, string> {
    return requestHeaders(this.#target.headers, overrides);
  }

  async send(outbound: Outbound): Promise<Exchange> {
    const startedAt = performance.now();
    const requestBytes = outbound.httpMethod ? 0 : Buffer.byteLength(outbound.body);
    // Built first so that an invalid caller-supplied header throws, rather than pass for a crash.
    const headers = this.#headers(outbound.headers);
    let status: number | undefined;
    let responseHeaders: Record<string, string> | undefined;
    const read = emptyReadResult();
    let answer: Answer;
    let reason: FailureKind | undefined;
    const controller = new AbortController();
    const stop = (kind: FailureKind): void => {
      reason ??= kind;
      controller.abort();
    };
    const timer = setTimeout(() => stop('timeout'), outbound.timeoutMs);
    const onAbort = (): void => stop('cancelled');
    if (outbound.signal?.aborted) onAbort();
    outbound.signal?.addEventListener('abort', onAbort, { once: true });
    this.#inFlight.add(stop);
    if (this.#closed) stop(this.#endKind ?? 'closed');
    else if (!outbound.expectResponse && this.#pendingReplies >= this.#limits.maxPendingReplies) this.#flood();
    const reply = !outbound.expectResponse;
    if (reply) this.#pendingReplies += 1;
    if (!outbound.httpMethod && !controller.signal.aborted) this.#wire.sent('post', requestBytes, outbound.value);
    try {
      const response = await this.#endpoint.request({
        method: outbound.httpMethod ?? 'POST',
        headers,
        ...(outbound.httpMethod ? {} : { body: outbound.body }),
        signal: controller.signal,
      });
      status = response.statusCode;
      responseHeaders = responseHeaderRecord(response.headers);
      answer = outbound.httpMethod
        ? statusAnswer(response.statusCode, response)
        : await this.#answerOf(response.statusCode, response, outbound, read, () => controller.abort());
    } catch (error) {
      if (reason === undefined && status === undefined) this.#unreachable = networkFailure(networkErrorCode(error));
      // Not our abort: the connection was refused or reset, or the body was cut off.
      answer = failure(reason ?? (read.dropped ? 'cancelled' : 'crashed'));
    } finally {
      clearTimeout(timer);
      outbound.signal?.removeEventListener('abort', onAbort);
      this.#inFlight.delete(stop);
      if (reply) this.#pendingReplies -= 1;
    }
    this.#nonJson += read.junkEvents;
    this.#stray += read.strayResponses;
    this.#unsolicited += read.unsolicited;
    return buildExchange(
      {
        method: outbound.method,
        requestBytes,
        responseBytes: read.bytes,
        latencyMs: elapsedSince(startedAt),
        ...(status === undefined ? {} : { httpStatus: status }),
        ...(responseHeaders === undefined ? {} : { responseHeaders }),
        notifications: read.notifications,
      },
      answer,
    );
  }

  /** Reads the body under the caps; a redirect is refused unread. */
  async #answerOf(status: number, response: HttpResponse, outbound: Outbound, read: ReadResult, abort: () => void): Promise<Answer> {
    // undici fails a body destroyed before its end with an AbortError: every path here that ends a
    // body early (a redirect, the cap, a timeout) must not leave that error unheard.
    response.body.on('error', ignore);
    if (isRedirect(status)) {
      // Never followed: following would carry the body and credential headers to another origin.
      response.body.destroy();
      return failure('http-status');
    }
    let served = 0;
    await readResponse(
      response,
      {
        expectedId: outbound.id,
        maxBytes: Math.min(this.#limits.maxResponseBytes, outbound.maxResponseBytes ?? Number.POSITIVE_INFINITY),
        abort,
        onNotification: (count) => dropAt(outbound, count, read, abort),
        wire: {
          recorder: this.#wire,
          stream: this.#wire.nextStream(),
          streamMethod: 'POST',
          streamRequestKey: outbound.id === undefined ? undefined : idKey(outbound.id),
        },
        onServerRequest: (request) => {
          served += 1;
          // Each server request costs a POST: past the cap the stream is an amplifier, not a peer.
          if (served > this.#limits.maxServerRequestsPerResponse) this.#flood();
          else this.onServerRequest?.(request);
        },
      },
      read,
    );
    return interpret(read, status, outbound.expectResponse);
  }

  /** Legacy sessions end with a DELETE carrying the session's headers. */
  endSession(headers: Readonly<Record<string, string>>, timeoutMs: number): Promise<number | undefined> {
    return this.request('DELETE', headers, timeoutMs);
  }

  /** A body-less request (legacy session DELETE); resolves to the status, or undefined on failure. */
  async request(
    method: 'DELETE' | 'GET',
    headers: Readonly<Record<string, string | null>>,
    timeoutMs: number,
  ): Promise<number | undefined> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await this.#endpoint.request({ method, headers: this.#headers(headers), signal: controller.signal });
      response.body.on('error', ignore).destroy();
      return response.statusCode;
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const stop of [...this.#inFlight]) stop('closed');
    await this.#endpoint.close();
  }

  /** The server asked for more than the caps allow: end every request and the channel, `flooded`. */
  #flood(): void {
    this.#endKind ??= 'flooded';
    this.#closed = true;
    for (const stop of [...this.#inFlight]) stop('flooded');
  }
}

function ignore(): void {}

/**
 * A body-less request's answer: its status alone. The body is destroyed unread, since a GET may
 * open a stream that never ends and nothing in it is needed.
 */
function statusAnswer(status: number, response: HttpResponse): Answer {
  response.body.on('error', ignore).destroy();
  return status >= 200 && status < 300 ? { outcome: 'result', result: {} } : failure('http-status');
}

/** A dropped stream: the request's own abort, as a client that lost its connection would. */
function dropAt(outbound: Outbound, count: number, read: ReadResult, abort: () => void): void {
  if (count < (outbound.dropStreamAfter ?? Number.POSITIVE_INFINITY)) return;
  read.dropped = true;
  abort();
}

function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

/** Turns what the body said, and the status, into the request's outcome. */
function interpret(read: ReadResult, status: number, expectResponse: boolean): Answer {
  if (read.oversized) return failure('oversized');
  if (read.answer !== undefined) return read.answer;
  const ok = status >= 200 && status < 300;
  if (!ok) return failure('http-status');
  if (!expectResponse) return { outcome: 'result', result: {} };
  // A 2xx body that never got to an answer: junk is malformed, a stream that just ended is closed.
  return read.notJsonRpc || read.junkEvents > 0 ? failure('malformed') : failure('closed');
}
