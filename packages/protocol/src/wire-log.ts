import type { JsonValue } from './json-value.js';

/**
 * Where a frame travelled. `stdout`/`stdin`: one stdio line each way. `post`: an HTTP request body
 * we sent. `json-body`: an `application/json` response body. `sse`: one SSE event's data, on the
 * response stream of a POST or on the GET stream (see `WireFrame.stream`).
 */
export type WireSource = 'stdin' | 'stdout' | 'post' | 'json-body' | 'sse';

/** One message (or one line or event that should have been one) as it crossed the wire. */
export interface WireFrame {
  readonly direction: 'sent' | 'received';
  readonly source: WireSource;
  /**
   * HTTP: which response the frame arrived on, numbered from 1 in the order the responses opened
   * (a POST's JSON body or SSE stream, or a GET stream); 0 for stdio and for frames we sent.
   */
  readonly stream: number;
  /** HTTP: `POST` or `GET`, the request whose response carried the frame; absent on stdio. */
  readonly streamMethod?: 'POST' | 'GET';
  /** HTTP: the JSON-RPC id (as `JSON.stringify(id)`) of the posted request the stream answers, when it had one. */
  readonly streamRequestKey?: string;
  /** SSE: the event's `id` field when it had one. Server text: never print or persist it. */
  readonly eventId?: string;
  /**
   * The frame's bytes, counted as the exchanges count them: a stdio line we sent with its newline
   * (`requestBytes`), one received without it; an HTTP body whole; an SSE event its data only.
   */
  readonly bytes: number;
  /** False when the bytes were not valid UTF-8. */
  readonly utf8: boolean;
  /**
   * The frame parsed as JSON (a batch stays an array); `undefined` when it was not JSON at all.
   * Server text: only ever reduce it to counts and fixed labels.
   */
  readonly value: JsonValue | undefined;
  /**
   * The value was not kept because the frame was too large: over the connection's response cap
   * (stdio: the line was never buffered, `utf8` unchecked and true) or over what was left of
   * `WIRE_LOG_MAX_BYTES` (the last frame of a truncated log). Not the server's fault by itself.
   */
  readonly oversized?: true;
}

/**
 * Every frame a connection sent and received, in the order the connection saw them, bounded: at
 * most `WIRE_LOG_MAX_FRAMES` frames and `WIRE_LOG_MAX_BYTES` counted bytes. Past either bound
 * nothing more is kept and `truncated` is true (a frame larger than the byte bound is kept as
 * `value: undefined` with its byte count, so a huge answer is seen, not lost).
 */
export interface WireLog {
  readonly frames: readonly WireFrame[];
  readonly truncated: boolean;
}

/** The most frames one connection's wire log keeps. */
export const WIRE_LOG_MAX_FRAMES = 2_000;
/** The most bytes one connection's wire log keeps (sum of `WireFrame.bytes` of kept values). */
export const WIRE_LOG_MAX_BYTES = 4 * 1024 * 1024;
