import type { Exchange, JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessHttp, unlessModern } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { harmlessRequest, modernRequest } from './support/raw-request.js';

const LABELS = {
  'listen-honest':
    'The subscription stream opened with notifications/subscriptions/acknowledged, every notification on it carried the subscriptionId (the listen request id), only requested types followed, and the server kept serving once the client closed the stream.',
  'listen-refused':
    'subscriptions/listen was answered with an error although a list-changed capability is declared (jsonRpcCode says which).',
  'acknowledgement-missing': 'No notifications/subscriptions/acknowledged arrived on the stream within the listen window.',
  'acknowledgement-not-first': 'Another message came on the stream before notifications/subscriptions/acknowledged.',
  'subscription-id-missing':
    'A notification on the stream lacked _meta io.modelcontextprotocol/subscriptionId, or named another id than the listen request.',
  'unrequested-notification': 'A notification type the listen request did not ask for came on the stream.',
  'stream-broken': 'The stream ended in a transport failure (reset, unparseable frame) instead of staying open or ending with a result.',
  'not-serving-after-end': 'Once the client closed the subscription stream, the next request (server/discover) was not answered.',
  'era-legacy': SKIP_LABELS['era-legacy'],
  'not-applicable-stdio':
    'Skipped: over stdio a listen stream shares stdout with every other answer, and the instrument attributes notifications to a request only by progress token.',
  'capability-not-declared':
    'Skipped: the server declares no listChanged (tools, prompts, resources), so there is nothing a subscription could carry.',
} as const;

export type SubscriptionsListenLabel = keyof typeof LABELS;

/**
 * How long the stream is read, beyond two handshake round trips, before the client ends it by
 * closing it (Streamable HTTP cancellation). The acknowledgement is a server's first write, so the
 * round trips carry it on a distant server and this margin covers a loaded one; it is on every
 * HTTP run's critical path, hence small.
 */
const LISTEN_WINDOW_MS = 250;

/** The window for this connection: the margin plus two of its handshake's round trips, within the request limit. */
function listenWindowMs(handshakeLatencyMs: number, timeoutMs: number): number {
  return Math.min(LISTEN_WINDOW_MS + 2 * Math.ceil(handshakeLatencyMs), timeoutMs);
}
const SUBSCRIPTION_ID_META = 'io.modelcontextprotocol/subscriptionId';
const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';

/** The filter key and notification method for each declared list-changed capability. */
const LIST_CHANGED = [
  { capability: 'tools', filter: 'toolsListChanged', method: 'notifications/tools/list_changed' },
  { capability: 'prompts', filter: 'promptsListChanged', method: 'notifications/prompts/list_changed' },
  { capability: 'resources', filter: 'resourcesListChanged', method: 'notifications/resources/list_changed' },
] as const;

function declaredListChanged(capabilities: JsonObject): (typeof LIST_CHANGED)[number][] {
  return LIST_CHANGED.filter(({ capability }) => {
    const declared = capabilities[capability];
    return isRecord(declared) && declared.listChanged === true;
  });
}

function stampedWith(notification: JsonObject, id: unknown): boolean {
  const params = isRecord(notification.params) ? notification.params : {};
  return isRecord(params._meta) && params._meta[SUBSCRIPTION_ID_META] === id;
}

type StreamVerdict = Exclude<SubscriptionsListenLabel, 'listen-honest' | 'not-serving-after-end' | keyof typeof SKIP_LABELS> | undefined;

/** What the stream itself showed: the first failure, or undefined when it was right. */
function judgeStream(exchange: Exchange, id: unknown, requested: ReadonlySet<string>): StreamVerdict {
  if (exchange.outcome === 'error') return 'listen-refused';
  const [first] = exchange.notifications;
  const acknowledged = exchange.notifications.some((n) => n.method === ACKNOWLEDGED);
  if (!acknowledged)
    return exchange.outcome === 'transport-failure' && exchange.failure !== 'timeout' ? 'stream-broken' : 'acknowledgement-missing';
  if (first?.method !== ACKNOWLEDGED) return 'acknowledgement-not-first';
  if (!exchange.notifications.every((n) => stampedWith(n, id))) return 'subscription-id-missing';
  if (!exchange.notifications.every((n) => n.method === ACKNOWLEDGED || requested.has(String(n.method)))) return 'unrequested-notification';
  if (exchange.outcome === 'transport-failure' && exchange.failure !== 'timeout') return 'stream-broken';
  return undefined;
}

/**
 * 2026-07-28 over Streamable HTTP (Patterns › Subscriptions; Base protocol › Notification
 * metadata). `subscriptions/listen` asks for every list-changed type the server declares; the
 * stream is read for LISTEN_WINDOW_MS past two handshake round trips, then the client ends it by closing the stream, which is how
 * the revision cancels on HTTP. The acknowledgement must come first, every notification must carry
 * the listen request's id as its subscriptionId, only requested types may follow, and the server
 * must keep serving afterwards. A server that ends the subscription itself answers with a result,
 * which passes too.
 */
export const subscriptionsListen = defineCheck<ConformanceParams, SubscriptionsListenLabel>({
  id: 'subscriptions-listen',
  kind: 'conformance',
  title: 'subscriptions/listen acknowledges first and stamps every notification',
  summary:
    'A subscriptions/listen stream starts with notifications/subscriptions/acknowledged, every notification carries the subscriptionId, and the server serves on once the client ends it.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<SubscriptionsListenLabel>> {
    const skip = unlessModern(ctx.connection) ?? unlessHttp(ctx.connection);
    if (skip) return skip;
    const { connection } = ctx;
    const kinds = declaredListChanged(connection.serverCapabilities);
    if (kinds.length === 0) return { status: 'skip', label: 'capability-not-declared' };
    const request = modernRequest('subscriptions/listen', { notifications: Object.fromEntries(kinds.map((k) => [k.filter, true])) });
    const requested = new Set<string>(kinds.map((k) => k.method));
    const exchange = await connection.sendRaw(
      { body: request },
      { timeoutMs: listenWindowMs(connection.handshake.latencyMs, ctx.timeoutMs), signal: ctx.signal },
    );
    const measurements = { notifications: exchange.notifications.length, ...answerMeasurements(exchange) };
    const verdict = judgeStream(exchange, request.id, requested);
    if (verdict) return { status: 'fail', label: verdict, measurements };
    const after = await connection.sendRaw({ body: harmlessRequest('modern') }, { timeoutMs: ctx.timeoutMs, signal: ctx.signal });
    if (after.outcome !== 'result') return { status: 'fail', label: 'not-serving-after-end', measurements };
    return { status: 'pass', label: 'listen-honest', measurements };
  },
});
