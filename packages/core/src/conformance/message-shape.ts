import type { JsonObject, WireLog } from '@mcp-eval/protocol';
import { isJsonObject } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import type { WireMessage } from './support/wire-messages.js';
import { receivedMessages, sentRequests, wireOutcome } from './support/wire-messages.js';
import { overWireLog, WIRE_LOG_FULL_LABELS } from './support/wire-workload.js';
import type { WireLogFullLabel } from './support/wire-workload.js';

export type MessageShapeLabel =
  | 'messages-well-formed'
  | 'not-utf8'
  | 'not-json'
  | 'batch'
  | 'not-object'
  | 'jsonrpc-version'
  | 'not-a-message'
  | 'response-unknown-id'
  | 'response-duplicate'
  | 'response-ambiguous'
  | 'result-not-object'
  | 'error-malformed'
  | 'notification-with-id'
  | 'request-id-invalid'
  | 'request-id-reused'
  | WireLogFullLabel;

type Defect = Exclude<MessageShapeLabel, 'messages-well-formed' | WireLogFullLabel>;

const LABELS: Record<MessageShapeLabel, string> = {
  ...WIRE_LOG_FULL_LABELS,
  'messages-well-formed': 'Every frame the server sent was one UTF-8 JSON-RPC 2.0 message of a valid shape.',
  'not-utf8': 'A frame was not valid UTF-8.',
  'not-json': 'A frame was not JSON at all.',
  batch: 'A frame was a JSON array: a batch, which neither revision lets a server send.',
  'not-object': 'A frame was JSON but not an object.',
  'jsonrpc-version': 'A message whose jsonrpc member is not "2.0".',
  'not-a-message': 'An object that is neither a request, a notification nor a response (no method, id, result or error).',
  'response-unknown-id': 'A response whose id is no request the client sent (e.g. an answer to a notification, or a null id).',
  'response-duplicate': 'A second response to one request.',
  'response-ambiguous': 'A response with both result and error, or neither.',
  'result-not-object': 'A response whose result is not an object.',
  'error-malformed': 'An error response whose code is not an integer or whose message is not a string.',
  'notification-with-id': 'A notification (a notifications/ method) that carries an id.',
  'request-id-invalid': 'A request from the server whose id is null or neither a string nor an integer.',
  'request-id-reused': 'A request from the server that reuses the id of an earlier one.',
};

function frameDefect(log: WireLog, index: number): Defect | undefined {
  const frame = log.frames[index];
  if (!frame) return undefined;
  if (!frame.utf8) return 'not-utf8';
  // A frame past the byte bound is kept without its value: seen, not judged.
  // An SSE event with empty data is the priming event a resumable stream starts with (L26), not a message.
  if (frame.value === undefined && frame.source === 'sse' && frame.bytes === 0) return undefined;
  if (frame.value === undefined) return frame.oversized ? undefined : 'not-json';
  if (Array.isArray(frame.value)) return 'batch';
  if (!isJsonObject(frame.value)) return 'not-object';
  return frame.value.jsonrpc === '2.0' ? undefined : 'jsonrpc-version';
}

function responseDefect(message: JsonObject): Defect | undefined {
  const hasResult = Object.hasOwn(message, 'result');
  if (hasResult === Object.hasOwn(message, 'error')) return 'response-ambiguous';
  if (hasResult) return isJsonObject(message.result) ? undefined : 'result-not-object';
  const { error } = message;
  if (!isJsonObject(error) || !Number.isInteger(error.code) || typeof error.message !== 'string') return 'error-malformed';
  return undefined;
}

function isRequestId(id: unknown): boolean {
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));
}

/**
 * Every message the server sent, as the wire log kept it (the shared wire workload): UTF-8, one
 * JSON object with `jsonrpc: "2.0"` per frame, responses only to requests the client sent and at
 * most one each, with exactly one of an object `result` or a well-formed `error`; notifications
 * without an id; server requests with a string or integer id, never reused.
 */
export const messageShape = defineCheck<ConformanceParams, MessageShapeLabel>({
  id: 'message-shape',
  kind: 'conformance',
  requirements: ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L18', 'M1', 'M2', 'M5', 'M7', 'M23'],
  title: 'Messages are well-formed JSON-RPC',
  summary: 'Every message the server sends is UTF-8 JSON-RPC 2.0: responses answer a sent request once, notifications carry no id.',
  params: NO_PARAMS,
  labels: LABELS,
  run: overWireLog(async (ctx, read): Promise<Outcome<MessageShapeLabel>> => {
    const { log } = await read();
    const defects: { label: Defect; measurements: { frame: number } }[] = [];
    const add = (label: Defect, frame: number): void => {
      defects.push({ label, measurements: { frame } });
    };
    let received = 0;
    log.frames.forEach((frame, index) => {
      if (frame.direction !== 'received') return;
      received += 1;
      const defect = frameDefect(log, index);
      if (defect) add(defect, index);
    });
    const sent = sentRequests(log);
    const answered = new Set<string>();
    const serverIds = new Set<string>();
    for (const message of receivedMessages(log)) checkMessage(message, sent, answered, serverIds, add);
    return wireOutcome(defects, 'messages-well-formed', { frames: received, truncated: log.truncated ? 1 : 0 });
  }),
});

function checkMessage(
  { index, message, kind, idKey }: WireMessage,
  sent: ReadonlyMap<string, unknown>,
  answered: Set<string>,
  serverIds: Set<string>,
  add: (label: Defect, frame: number) => void,
): void {
  if (kind === 'other') return add('not-a-message', index);
  if (kind === 'notification-with-id') return add('notification-with-id', index);
  if (kind === 'request') {
    if (!isRequestId(message.id)) return add('request-id-invalid', index);
    if (idKey !== undefined && serverIds.has(idKey)) return add('request-id-reused', index);
    if (idKey !== undefined) serverIds.add(idKey);
    return undefined;
  }
  if (kind !== 'response') return undefined;
  // An error with a null id is how JSON-RPC answers a request it could not take at all (e.g. a
  // legacy HTTP server refusing the era probe without a session): tolerated; a null-id result is not.
  if (idKey === 'null' && Object.hasOwn(message, 'error')) return reportShape(message, index, add);
  if (idKey === undefined || !sent.has(idKey)) add('response-unknown-id', index);
  else if (answered.has(idKey)) add('response-duplicate', index);
  else answered.add(idKey);
  return reportShape(message, index, add);
}

function reportShape(message: JsonObject, index: number, add: (label: Defect, frame: number) => void): undefined {
  const defect = responseDefect(message);
  if (defect) add(defect, index);
  return undefined;
}
