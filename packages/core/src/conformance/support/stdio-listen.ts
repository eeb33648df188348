import type { Connection, JsonObject, WireFrame } from '@mcp-eval/protocol';
import { isJsonObject, isRecord } from '@mcp-eval/protocol';

import { abortableDelay } from '../../calls/abortable-delay.js';
import { modernRequest } from './raw-request.js';

export const SUBSCRIPTION_ID_META = 'io.modelcontextprotocol/subscriptionId';
export const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';

/** The filter key and notification method for each declared list-changed capability. */
const LIST_CHANGED = [
  { capability: 'tools', filter: 'toolsListChanged', method: 'notifications/tools/list_changed' },
  { capability: 'prompts', filter: 'promptsListChanged', method: 'notifications/prompts/list_changed' },
  { capability: 'resources', filter: 'resourcesListChanged', method: 'notifications/resources/list_changed' },
] as const;

/** What a subscription to every declared list change asks for: its `notifications` filter and the methods it may carry. */
export interface ListChangedSubscription {
  readonly filter: JsonObject;
  readonly methods: ReadonlySet<string>;
}

/** The subscription to every list change `capabilities` declare; undefined when none is declared. */
export function listChangedSubscription(capabilities: JsonObject): ListChangedSubscription | undefined {
  const kinds = LIST_CHANGED.filter(({ capability }) => {
    const declared = capabilities[capability];
    return isRecord(declared) && declared.listChanged === true;
  });
  if (kinds.length === 0) return undefined;
  return { filter: Object.fromEntries(kinds.map((k) => [k.filter, true])), methods: new Set(kinds.map((k) => k.method)) };
}

/** How often the wire log is looked at while a subscription is awaited. */
const POLL_MS = 5;

/** What came back for one listen request: its notifications (stamped or not, in order) and whether it was answered. */
export interface ListenFrames {
  readonly notifications: readonly JsonObject[];
  /** The server answered the listen request itself (a result or an error). */
  readonly answered: boolean;
  readonly errorCode?: number;
}

/** A subscription opened over stdio, where its messages share stdout with every other answer. */
export interface StdioListen {
  readonly id: string;
  /** Index in the wire log where this subscription's frames may start. */
  readonly from: number;
}

export function stampedWith(notification: JsonObject, id: unknown): boolean {
  const params = isRecord(notification.params) ? notification.params : {};
  return isRecord(params._meta) && params._meta[SUBSCRIPTION_ID_META] === id;
}

/** Notifications only a subscription carries in 2026-07-28 (list changes travel on listen streams only). */
function subscriptionMethod(method: string): boolean {
  return method === ACKNOWLEDGED || method.endsWith('/list_changed');
}

function unstamped(notification: JsonObject): boolean {
  const params = isRecord(notification.params) ? notification.params : {};
  return !isRecord(params._meta) || !Object.hasOwn(params._meta, SUBSCRIPTION_ID_META);
}

/**
 * The frames received from `from` on that belong to listen request `id`: its answer, the
 * notifications stamped with it, and the unstamped ones only a subscription sends (an
 * acknowledgement or list change without a subscriptionId is a defect of some subscription, and
 * over stdio there is no stream to tell whose). Other unstamped notifications are another
 * request's and are not attributed.
 */
export function listenFrames(frames: readonly WireFrame[], from: number, id: string): ListenFrames {
  const notifications: JsonObject[] = [];
  let answered = false;
  let errorCode: number | undefined;
  for (const frame of frames.slice(from)) {
    const value = frame.value;
    if (frame.direction !== 'received' || !isJsonObject(value)) continue;
    if (typeof value.method === 'string') {
      if (!('id' in value) && (stampedWith(value, id) || (unstamped(value) && subscriptionMethod(value.method)))) notifications.push(value);
    } else if (value.id === id) {
      answered = true;
      if (isRecord(value.error) && typeof value.error.code === 'number') errorCode = value.error.code;
    }
  }
  return { notifications, answered, ...(errorCode === undefined ? {} : { errorCode }) };
}

/**
 * Sends `subscriptions/listen` over stdio as a raw line (the instrument pairs stdio notifications
 * with a request only by progress token, so the wire log is read instead). Undefined when the
 * connection's wire log is already full: nothing more would be seen.
 */
export async function openStdioListen(connection: Connection, notifications: JsonObject): Promise<StdioListen | undefined> {
  if (connection.wireLog().truncated) return undefined;
  const request = modernRequest('subscriptions/listen', { notifications });
  const from = connection.wireLog().frames.length;
  await connection.sendRaw({ body: request, expectResponse: false });
  return { id: request.id as string, from };
}

/** Reads the wire log until `done` holds for the subscription's frames or `windowMs` passes. */
export async function awaitListen(
  connection: Connection,
  listen: StdioListen,
  windowMs: number,
  signal: AbortSignal,
  done: (frames: ListenFrames) => boolean,
): Promise<ListenFrames> {
  const deadline = performance.now() + windowMs;
  for (;;) {
    const frames = listenFrames(connection.wireLog().frames, listen.from, listen.id);
    if (done(frames) || performance.now() >= deadline || signal.aborted || connection.closed) return frames;
    await abortableDelay(POLL_MS, signal).catch(() => undefined);
  }
}
