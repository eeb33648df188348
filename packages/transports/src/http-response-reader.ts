import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';

import type { JsonObject, JsonValue } from '@mcp-eval/protocol';
import { createParser } from 'eventsource-parser';

import type { ServerRequest } from './channel.js';
import { failure, type Answer } from './exchange.js';
import { pumpBody } from './http-body-pump.js';
import { idKey, messagesIn, parseJson, type IncomingMessage, type RpcId } from './json-rpc-message.js';
import { Utf8Watch, type WireRecorder } from './wire-recorder.js';

export interface ReadContext {
  /** The id the answer must carry; `undefined` accepts the first response (raw bodies). */
  readonly expectedId: RpcId | undefined;
  readonly maxBytes: number;
  /** Stops the underlying request (used once the cap is exceeded). */
  readonly abort: () => void;
  readonly onServerRequest: (request: ServerRequest) => void;
  /** Told of each notification on the stream before the answer (the count so far). */
  readonly onNotification?: (count: number) => void;
  /** Where this response's frames go, and which stream they are on. */
  readonly wire: ResponseWire;
}

/** One response stream as the wire log names it. */
export interface ResponseWire {
  readonly recorder: WireRecorder;
  readonly stream: number;
  readonly streamMethod: 'POST' | 'GET';
  /** `idKey` of the posted request's id, when it had one. */
  readonly streamRequestKey: string | undefined;
}

function frameOf(
  wire: ResponseWire,
  source: 'json-body' | 'sse',
  bytes: number,
  utf8: boolean,
  value: JsonValue | undefined,
  eventId?: string,
) {
  return {
    direction: 'received' as const,
    source,
    stream: wire.stream,
    streamMethod: wire.streamMethod,
    ...(wire.streamRequestKey === undefined ? {} : { streamRequestKey: wire.streamRequestKey }),
    ...(eventId === undefined ? {} : { eventId }),
    bytes,
    utf8,
    value,
  };
}

/** What one POST's response body said, before the status is taken into account. */
export interface ReadResult {
  /** The JSON-RPC answer to this request, or `malformed` if only a wrong one came. */
  answer: Answer | undefined;
  oversized: boolean;
  bytes: number;
  readonly notifications: JsonObject[];
  /** SSE data that was not JSON-RPC (counted with stdout's non-JSON lines). */
  junkEvents: number;
  strayResponses: number;
  unsolicited: number;
  /** The whole body was read and it was not a JSON-RPC message. */
  notJsonRpc: boolean;
  /** The client dropped the stream on purpose (`dropStreamAfter`). */
  dropped: boolean;
}

export function emptyReadResult(): ReadResult {
  return {
    answer: undefined,
    oversized: false,
    bytes: 0,
    notifications: [],
    junkEvents: 0,
    strayResponses: 0,
    unsolicited: 0,
    notJsonRpc: false,
    dropped: false,
  };
}

/** A response as undici's `request` gives it: lower-case header names, the body as bytes. */
export interface HttpResponse {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Readable;
}

/** One header's value; a repeated header reads as its values joined, as `Headers.get` does. */
export function headerValue(headers: HttpResponse['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * How long the rest of an answered SSE stream is read, for the wire log, before it is cut. A POST's
 * stream should end with its answer; what a server sends after it is a wire defect the conformance
 * assertions must see, and a stream held open past this costs one socket for this long, no more.
 */
export const SSE_TAIL_MS = 1_000;

/**
 * Reads one Streamable HTTP response, JSON or SSE, incrementally and under a byte cap, into
 * `result` (filled as it goes, so a timeout or reset mid-body still leaves what had arrived). On an
 * event stream it resolves at the answer: later events belong to no request, but they are read on
 * in the background (within the same byte cap, for at most `SSE_TAIL_MS`) into the wire log. Within a request's own
 * stream, an error with a null id is the server's answer to a body it could not read (-32700...).
 */
export async function readResponse(response: HttpResponse, context: ReadContext, result: ReadResult): Promise<ReadResult> {
  const declared = Number(headerValue(response.headers, 'content-length') ?? Number.NaN);
  if (declared > context.maxBytes) {
    result.oversized = true;
    context.abort();
    return result;
  }
  const contentType = (headerValue(response.headers, 'content-type') ?? '').toLowerCase();
  if (contentType.startsWith('text/event-stream')) return readEventStream(response.body, context, result);
  const chunks: Buffer[] = [];
  await pumpBody(response.body, (chunk) => {
    result.bytes += chunk.byteLength;
    if (result.bytes > context.maxBytes) return false;
    chunks.push(chunk);
    return true;
  });
  if (result.bytes > context.maxBytes) {
    result.oversized = true;
    context.abort();
    return result;
  }
  const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
  const text = body.toString('utf8');
  const parsed = text.trim() === '' ? undefined : parseJson(text);
  if (body.length > 0 && contentType.startsWith('application/json')) {
    context.wire.recorder.add(frameOf(context.wire, 'json-body', body.length, isUtf8(body), parsed));
  }
  const messages = parsed === undefined ? undefined : messagesIn(parsed);
  if (messages === undefined || messages.every((m) => m.kind === 'not-json-rpc')) result.notJsonRpc = true;
  else messages.forEach((message) => considerMessage(message, context, result));
  return result;
}

/** An event stream, parsed from its bytes as they come, up to the answer. */
async function readEventStream(body: Readable, context: ReadContext, result: ReadResult): Promise<ReadResult> {
  const consider = (message: IncomingMessage): void => considerMessage(message, context, result);
  const utf8 = new Utf8Watch();
  const parser = createParser({
    onEvent: (event) => {
      // Every event is a frame, even after the answer: the log is what arrived, not what was used.
      const blank = event.data.trim() === '';
      const value = blank ? undefined : parseJson(event.data);
      const bytes = Buffer.byteLength(event.data);
      context.wire.recorder.add(frameOf(context.wire, 'sse', bytes, utf8.eventIsUtf8(event.data), value, event.id));
      if (result.answer !== undefined || blank) return;
      if (value === undefined) result.junkEvents += 1;
      else messagesIn(value).forEach(consider);
    },
  });
  const decoder = new TextDecoder();
  let bytes = 0;
  const feed = (chunk: Buffer): boolean => {
    bytes += chunk.byteLength;
    if (bytes > context.maxBytes) return false;
    utf8.push(chunk);
    parser.feed(decoder.decode(chunk, { stream: true }));
    return true;
  };
  await pumpBody(body, (chunk) => feed(chunk) && result.answer === undefined);
  result.bytes = bytes;
  if (result.bytes > context.maxBytes) {
    result.oversized = true;
    context.abort();
    return result;
  }
  if (result.answer !== undefined) {
    readTail(body, feed);
    return result;
  }
  utf8.end();
  parser.feed(decoder.decode());
  parser.reset({ consume: true });
  return result;
}

/** The rest of an answered stream, read into the log until it ends, passes the cap or `SSE_TAIL_MS`. */
function readTail(body: Readable, feed: (chunk: Buffer) => boolean): void {
  const timer = setTimeout(() => body.destroy(), SSE_TAIL_MS);
  timer.unref();
  const settle = (): void => {
    clearTimeout(timer);
    // Stopped at the cap or failed: the stream is cut, not left paused on a pooled socket.
    if (!body.readableEnded) body.destroy();
  };
  pumpBody(body, feed).then(settle, settle);
}

function considerMessage(message: IncomingMessage, context: ReadContext, result: ReadResult): void {
  switch (message.kind) {
    case 'notification':
      result.notifications.push(message.message);
      context.onNotification?.(result.notifications.length);
      return;
    case 'request':
      result.unsolicited += 1;
      context.onServerRequest({ id: message.id, method: message.method });
      return;
    case 'not-json-rpc':
      result.junkEvents += 1;
      return;
    default:
      break;
  }
  if (result.answer !== undefined) {
    result.strayResponses += 1;
    return;
  }
  const ours =
    context.expectedId === undefined ||
    idKey(message.id) === idKey(context.expectedId) ||
    (message.id === null && message.kind !== 'result');
  if (!ours) result.strayResponses += 1;
  // This stream carries exactly one request, so a wrong answer is its answer, malformed.
  if (!ours || message.kind === 'invalid-response') result.answer = failure('malformed');
  else if (message.kind === 'result') result.answer = { outcome: 'result', result: message.result };
  else result.answer = { outcome: 'error', error: message.error };
}
