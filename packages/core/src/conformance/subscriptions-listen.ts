import type { Exchange, JsonObject } from '@mcp-eval/protocol';

import type { CheckContext, Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessModern } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { cancellationOf, harmlessRequest, modernRequest } from './support/raw-request.js';
import { abortableDelay } from '../calls/abortable-delay.js';
import { ACKNOWLEDGED, awaitListen, listChangedSubscription, listenFrames, openStdioListen, stampedWith } from './support/stdio-listen.js';

const LABELS = {
  'listen-honest':
    'The subscription stream opened with notifications/subscriptions/acknowledged, every notification on it carried the subscriptionId (the listen request id), only requested types followed, and the server kept serving once the client closed the stream.',
  'listen-refused':
    'subscriptions/listen was answered with an error although a list-changed capability is declared (jsonRpcCode says which).',
  'acknowledgement-missing': 'No notifications/subscriptions/acknowledged arrived on the stream within the per-request limit.',
  'acknowledgement-not-first': 'Another message came on the stream before notifications/subscriptions/acknowledged.',
  'subscription-id-missing':
    'A notification on the stream lacked _meta io.modelcontextprotocol/subscriptionId, or named another id than the listen request.',
  'unrequested-notification': 'A notification type the listen request did not ask for came on the stream.',
  'stream-broken': 'The stream ended in a transport failure (reset, unparseable frame) instead of staying open or ending with a result.',
  'not-serving-after-end': 'Once the client closed the subscription stream, the next request (server/discover) was not answered.',
  'era-legacy': SKIP_LABELS['era-legacy'],
  'wire-log-full':
    "Over stdio the subscription's messages are read from the connection's wire log, and it was already full (WIRE_LOG_MAX_FRAMES or WIRE_LOG_MAX_BYTES), so nothing could be judged.",
  'capability-not-declared':
    'Skipped: the server declares no listChanged (tools, prompts, resources), so there is nothing a subscription could carry.',
} as const;

export type SubscriptionsListenLabel = keyof typeof LABELS;

/**
 * How long a subscription is watched past its acknowledgement before the client ends it:
 * what a server sends right after acknowledging (an unrequested type, an unstamped notification)
 * arrives within it on loopback and on a nearby server.
 */
const LISTEN_TAIL_MS = 100;

type StreamVerdict = Exclude<SubscriptionsListenLabel, 'listen-honest' | 'not-serving-after-end' | keyof typeof SKIP_LABELS> | undefined;

/** What one subscription showed, over either transport. */
interface Subscription {
  readonly notifications: readonly JsonObject[];
  /** `refused`: answered with an error; `broken`: the stream failed (reset, unparseable frame); `open`: neither. */
  readonly end: 'open' | 'refused' | 'broken';
}

function fromExchange(exchange: Exchange): Subscription {
  // The window's end (timeout) and our own closing of the stream (cancelled) are how it ends.
  const broken = exchange.outcome === 'transport-failure' && exchange.failure !== 'timeout' && exchange.failure !== 'cancelled';
  return { notifications: exchange.notifications, end: exchange.outcome === 'error' ? 'refused' : broken ? 'broken' : 'open' };
}

/** What the stream itself showed: the first failure, or undefined when it was right. */
function judgeStream({ notifications, end }: Subscription, id: unknown, requested: ReadonlySet<string>): StreamVerdict {
  if (end === 'refused') return 'listen-refused';
  const [first] = notifications;
  const acknowledged = notifications.some((n) => n.method === ACKNOWLEDGED);
  if (!acknowledged) return end === 'broken' ? 'stream-broken' : 'acknowledgement-missing';
  if (first?.method !== ACKNOWLEDGED) return 'acknowledgement-not-first';
  if (!notifications.every((n) => stampedWith(n, id))) return 'subscription-id-missing';
  if (!notifications.every((n) => n.method === ACKNOWLEDGED || requested.has(String(n.method)))) return 'unrequested-notification';
  if (end === 'broken') return 'stream-broken';
  return undefined;
}

/**
 * Over HTTP: the listen request's own stream, read until LISTEN_TAIL_MS after the acknowledgement
 * (watched in the wire log) or the window's end, then closed (the revision's cancellation there).
 */
async function listenOverHttp(ctx: CheckContext, request: JsonObject): Promise<Subscription & { readonly httpStatus?: number }> {
  const { connection, timeoutMs: windowMs } = ctx;
  const closing = new AbortController();
  const onCaseAbort = (): void => closing.abort();
  ctx.signal.addEventListener('abort', onCaseAbort, { once: true });
  const listen = { id: request.id as string, from: connection.wireLog().frames.length };
  const stream = { settled: false };
  const pending = connection.sendRaw({ body: request }, { timeoutMs: windowMs, signal: closing.signal }).finally(() => {
    stream.settled = true;
  });
  try {
    const seen = await awaitListen(
      connection,
      listen,
      windowMs,
      closing.signal,
      (frames) => stream.settled || acknowledged(frames.notifications),
    );
    if (!stream.settled && acknowledged(seen.notifications)) {
      await abortableDelay(LISTEN_TAIL_MS, closing.signal).catch(() => undefined);
      closing.abort();
    }
    const exchange = await pending;
    return { ...fromExchange(exchange), ...answerMeasurements(exchange) };
  } finally {
    ctx.signal.removeEventListener('abort', onCaseAbort);
  }
}

function acknowledged(notifications: readonly JsonObject[]): boolean {
  return notifications.some((n) => n.method === ACKNOWLEDGED);
}

/**
 * Over stdio: the listen request as a raw line, its messages read from the wire log until
 * LISTEN_TAIL_MS past the acknowledgement (or the window's end), then ended with
 * `notifications/cancelled` (the revision's cancellation there).
 */
async function listenOverStdio(ctx: CheckContext, filter: JsonObject): Promise<(Subscription & { readonly id: string }) | undefined> {
  const listen = await openStdioListen(ctx.connection, filter);
  if (!listen) return undefined;
  const first = await awaitListen(
    ctx.connection,
    listen,
    ctx.timeoutMs,
    ctx.signal,
    (seen) => seen.answered || acknowledged(seen.notifications),
  );
  if (!first.answered && acknowledged(first.notifications)) await abortableDelay(LISTEN_TAIL_MS, ctx.signal).catch(() => undefined);
  const frames = listenFrames(ctx.connection.wireLog().frames, listen.from, listen.id);
  await ctx.connection.sendRaw({ body: cancellationOf(listen.id), expectResponse: false });
  return { id: listen.id, notifications: frames.notifications, end: frames.errorCode === undefined ? 'open' : 'refused' };
}

/**
 * 2026-07-28 (Patterns › Subscriptions; Base protocol › Notification metadata), over either
 * transport. `subscriptions/listen` asks for every list-changed type the server declares; the
 * subscription is watched until LISTEN_TAIL_MS past its acknowledgement, which is awaited as long as
 * any answer (the per-request limit: a slow server is slow, not silent), and then ended the
 * way the transport cancels: over HTTP by closing the request's stream, over stdio by
 * `notifications/cancelled` (its messages read from the wire log there, since they share stdout).
 * The acknowledgement must come first, every notification must carry the listen request's id as
 * its subscriptionId, only requested types may follow, and the server must keep serving
 * afterwards. A server that ends the subscription itself answers with a result, which passes too.
 */
export const subscriptionsListen = defineCheck<ConformanceParams, SubscriptionsListenLabel>({
  id: 'subscriptions-listen',
  kind: 'conformance',
  requirements: ['M15', 'M61'],
  title: 'subscriptions/listen acknowledges first and stamps every notification',
  summary:
    'A subscriptions/listen stream starts with notifications/subscriptions/acknowledged, every notification carries the subscriptionId, and the server serves on once the client ends it.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<SubscriptionsListenLabel>> {
    const skip = unlessModern(ctx.connection);
    if (skip) return skip;
    const { connection } = ctx;
    const subscribed = listChangedSubscription(connection.serverCapabilities);
    if (!subscribed) return { status: 'skip', label: 'capability-not-declared' };
    const { filter, methods: requested } = subscribed;
    let id: unknown;
    let subscription: Subscription & { readonly httpStatus?: number; readonly jsonRpcCode?: number };
    if (connection.traits.httpHeaders) {
      const request = modernRequest('subscriptions/listen', { notifications: filter });
      id = request.id;
      subscription = await listenOverHttp(ctx, request);
    } else {
      const stdio = await listenOverStdio(ctx, filter);
      if (!stdio) return { status: 'error', label: 'wire-log-full' };
      id = stdio.id;
      subscription = stdio;
    }
    const { httpStatus, jsonRpcCode } = subscription;
    const measurements = {
      notifications: subscription.notifications.length,
      ...(jsonRpcCode === undefined ? {} : { jsonRpcCode }),
      ...(httpStatus === undefined ? {} : { httpStatus }),
    };
    const verdict = judgeStream(subscription, id, requested);
    if (verdict) return { status: 'fail', label: verdict, measurements };
    const after = await connection.sendRaw({ body: harmlessRequest('modern') }, { timeoutMs: ctx.timeoutMs, signal: ctx.signal });
    if (after.outcome !== 'result') return { status: 'fail', label: 'not-serving-after-end', measurements };
    return { status: 'pass', label: 'listen-honest', measurements };
  },
});
