import type { JsonObject, JsonValue, WireFrame, WireLog } from '@mcp-eval/protocol';
import { isJsonObject } from '@mcp-eval/protocol';

import type { Outcome } from '../../check.js';

/**
 * What a wire frame is, by JSON-RPC shape: the wire assertions reason about these and never about
 * the frame's text. A `notifications/…` method with an id is its own kind (a notification that
 * wrongly carries an id), not a server request.
 */
export type MessageKind = 'request' | 'notification' | 'notification-with-id' | 'response' | 'other';

export interface WireMessage {
  /** Position in the log (frames of both directions). */
  readonly index: number;
  readonly frame: WireFrame;
  readonly message: JsonObject;
  readonly kind: MessageKind;
  readonly method?: string;
  /** `JSON.stringify(id)` when the message has an `id` member. */
  readonly idKey?: string;
}

/** A request we sent: its method and the progress token it carried. */
export interface SentRequest {
  readonly index: number;
  readonly method: string;
  readonly progressToken?: JsonValue;
}

export function classify(message: JsonObject): MessageKind {
  const hasId = Object.hasOwn(message, 'id');
  if (typeof message.method === 'string') {
    if (!hasId) return 'notification';
    return message.method.startsWith('notifications/') ? 'notification-with-id' : 'request';
  }
  if (hasId || Object.hasOwn(message, 'result') || Object.hasOwn(message, 'error')) return 'response';
  return 'other';
}

function toMessage(frame: WireFrame, index: number): WireMessage | undefined {
  if (!isJsonObject(frame.value)) return undefined;
  const message = frame.value;
  return {
    index,
    frame,
    message,
    kind: classify(message),
    ...(typeof message.method === 'string' ? { method: message.method } : {}),
    ...(Object.hasOwn(message, 'id') ? { idKey: JSON.stringify(message.id) } : {}),
  };
}

/** Every JSON object the server sent (one per frame; batches and non-JSON frames are not messages). */
export function receivedMessages(log: WireLog): WireMessage[] {
  const messages: WireMessage[] = [];
  log.frames.forEach((frame, index) => {
    if (frame.direction !== 'received') return;
    const message = toMessage(frame, index);
    if (message) messages.push(message);
  });
  return messages;
}

/** The requests we sent, by id key. */
export function sentRequests(log: WireLog): Map<string, SentRequest> {
  const requests = new Map<string, SentRequest>();
  log.frames.forEach((frame, index) => {
    if (frame.direction !== 'sent') return;
    const message = toMessage(frame, index);
    if (message?.kind !== 'request' || message.idKey === undefined || message.method === undefined) return;
    const params = isJsonObject(message.message.params) ? message.message.params : {};
    const meta = isJsonObject(params._meta) ? params._meta : {};
    const progressToken = meta.progressToken;
    requests.set(message.idKey, { index, method: message.method, ...(progressToken === undefined ? {} : { progressToken }) });
  });
  return requests;
}

/** The `params` object of a message, or an empty one. */
export function paramsOf(message: JsonObject): JsonObject {
  return isJsonObject(message.params) ? message.params : {};
}

/** The most findings one wire assertion lists (the `defects` measurement still counts them all). */
export const WIRE_MAX_FINDINGS = 50;

interface WireFinding<L extends string> {
  readonly label: L;
  readonly measurements?: Readonly<Record<string, number>>;
}

/** A fail on the first defect with every defect (bounded) as a finding, else the pass. */
export function wireOutcome<L extends string, P extends string>(
  defects: readonly WireFinding<L>[],
  pass: P,
  measurements: Readonly<Record<string, number>>,
): Outcome<L | P> {
  const all = { ...measurements, defects: defects.length };
  const [first] = defects;
  if (first) return { status: 'fail', label: first.label, measurements: all, findings: defects.slice(0, WIRE_MAX_FINDINGS) };
  return { status: 'pass', label: pass, measurements: all };
}
