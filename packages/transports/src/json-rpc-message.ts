import type { JsonObject, JsonRpcErrorObject, JsonValue } from '@mcp-eval/protocol';
import { isJsonObject } from '@mcp-eval/protocol';

export type RpcId = string | number | null;

/** What one JSON value received from a server is, as JSON-RPC 2.0 sees it. */
export type IncomingMessage =
  | { readonly kind: 'result'; readonly id: RpcId; readonly result: JsonObject }
  | { readonly kind: 'error'; readonly id: RpcId; readonly error: JsonRpcErrorObject }
  /** Shaped like a response (an id and a result or error) but not a valid one. */
  | { readonly kind: 'invalid-response'; readonly id: RpcId }
  | { readonly kind: 'notification'; readonly message: JsonObject }
  | { readonly kind: 'request'; readonly id: RpcId; readonly method: string }
  /** Valid JSON that is no JSON-RPC message at all. */
  | { readonly kind: 'not-json-rpc' };

export function isRpcId(value: unknown): value is RpcId {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** Ids match by type and value: a server answering `"5"` to request `5` answered nobody. */
export function idKey(id: RpcId): string {
  return JSON.stringify(id);
}

function errorObject(value: unknown): JsonRpcErrorObject | undefined {
  if (!isJsonObject(value) || typeof value.code !== 'number' || !Number.isInteger(value.code)) return undefined;
  if (typeof value.message !== 'string') return undefined;
  return value.data === undefined
    ? { code: value.code, message: value.message }
    : { code: value.code, message: value.message, data: value.data as JsonValue };
}

export function classifyMessage(value: unknown): IncomingMessage {
  if (!isJsonObject(value)) return { kind: 'not-json-rpc' };
  const hasId = 'id' in value;
  const id = value.id;
  if (typeof value.method === 'string') {
    if (value.jsonrpc !== '2.0') return { kind: 'not-json-rpc' };
    if (!hasId) return { kind: 'notification', message: value };
    return isRpcId(id) ? { kind: 'request', id, method: value.method } : { kind: 'not-json-rpc' };
  }
  const hasResult = 'result' in value;
  const hasError = 'error' in value;
  if (!hasId || !isRpcId(id) || (!hasResult && !hasError)) return { kind: 'not-json-rpc' };
  if (value.jsonrpc !== '2.0' || (hasResult && hasError)) return { kind: 'invalid-response', id };
  if (hasResult) return isJsonObject(value.result) ? { kind: 'result', id, result: value.result } : { kind: 'invalid-response', id };
  const error = errorObject(value.error);
  return error ? { kind: 'error', id, error } : { kind: 'invalid-response', id };
}

/** Parses one stdout line, SSE data field or body; `undefined` when it is not JSON. Parsed once: the wire log keeps it. */
export function parseJson(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

/** The messages in one parsed JSON value: batches are split. */
export function messagesIn(value: JsonValue): IncomingMessage[] {
  return Array.isArray(value) ? value.map(classifyMessage) : [classifyMessage(value)];
}

/** Parses one stdout line or SSE data field; `undefined` when it is not JSON. Batches are split. */
export function parseMessages(text: string): IncomingMessage[] | undefined {
  const value = parseJson(text);
  return value === undefined ? undefined : messagesIn(value);
}

/** A progress token the caller put in `_meta`, as a routing key for notifications. */
export function progressKey(meta: JsonObject | undefined): string | undefined {
  const token = meta?.progressToken;
  return typeof token === 'string' || typeof token === 'number' ? JSON.stringify(token) : undefined;
}

/** The progress token a `notifications/progress` names, as the same routing key. */
export function notificationProgressKey(message: JsonObject): string | undefined {
  return isJsonObject(message.params) ? progressKey(message.params) : undefined;
}
