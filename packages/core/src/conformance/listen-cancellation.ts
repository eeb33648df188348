import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { abortableDelay } from '../calls/abortable-delay.js';
import { SKIP_LABELS, unlessModern } from './support/applicability.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { cancellationOf, harmlessRequest } from './support/raw-request.js';
import { ACKNOWLEDGED, awaitListen, listChangedSubscription, listenFrames, openStdioListen } from './support/stdio-listen.js';

const LABELS = {
  'cancel-honoured':
    'After notifications/cancelled of an acknowledged subscriptions/listen, the server sent nothing more for it: no answer to the listen request, no notification stamped with its id.',
  'answered-after-cancel': 'The server answered the cancelled subscriptions/listen request (a result or an error) after the cancellation.',
  'notified-after-cancel': 'A notification stamped with the cancelled subscription id came after the cancellation.',
  'not-serving-after-cancel': 'Once the subscription was cancelled, the next request (server/discover) was not answered.',
  'no-subscription':
    'Skipped: the subscription was never acknowledged within the listen window, so there was nothing to cancel (subscriptions-listen judges that).',
  'wire-log-full':
    "The subscription's messages are read from the connection's wire log, and it was already full (WIRE_LOG_MAX_FRAMES or WIRE_LOG_MAX_BYTES), so nothing could be judged.",
  'not-applicable-http':
    'Skipped: over Streamable HTTP a client cancels by closing the request stream, after which the revision leaves the server no channel to send more on (unobservable).',
  'era-legacy': SKIP_LABELS['era-legacy'],
  'capability-not-declared':
    'Skipped: the server declares no listChanged (tools, prompts, resources), so it has no subscription to cancel.',
} as const;

export type ListenCancellationLabel = keyof typeof LABELS;

/**
 * After the cancellation and one answered round trip, how much longer stdout is watched for a
 * late message about the cancelled subscription. Small: a server that honours cancellation
 * simply stays silent, and this is on the stdio run's path.
 */
const CANCEL_QUIET_MS = 100;

/**
 * 2026-07-28 over stdio (Transports › stdio): after `notifications/cancelled` the server sends
 * nothing more for that request. `subscriptions/listen` is the one request that never ends by
 * itself, so it is the one where a late message is proof rather than a race: the subscription is
 * opened, acknowledged, cancelled, and stdout (the wire log) watched through one answered round
 * trip and CANCEL_QUIET_MS more for its answer or a notification stamped with its id.
 */
export const listenCancellation = defineCheck<ConformanceParams, ListenCancellationLabel>({
  id: 'listen-cancellation',
  kind: 'conformance',
  requirements: ['M26', 'M54'],
  title: 'A cancelled subscription sends nothing more',
  summary: 'Over stdio, after notifications/cancelled of a subscriptions/listen request the server sends nothing more for it.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<ListenCancellationLabel>> {
    const skip = unlessModern(ctx.connection);
    if (skip) return skip;
    const { connection } = ctx;
    if (connection.traits.cancelByClosingStream) return { status: 'skip', label: 'not-applicable-http' };
    const subscribed = listChangedSubscription(connection.serverCapabilities);
    if (!subscribed) return { status: 'skip', label: 'capability-not-declared' };
    const listen = await openStdioListen(connection, subscribed.filter);
    if (!listen) return { status: 'error', label: 'wire-log-full' };
    // The acknowledgement answers the listen request: it gets the per-request limit, as any answer does.
    const before = await awaitListen(
      connection,
      listen,
      ctx.timeoutMs,
      ctx.signal,
      (seen) => seen.answered || seen.notifications.some((n) => n.method === ACKNOWLEDGED),
    );
    if (before.answered || !before.notifications.some((n) => n.method === ACKNOWLEDGED))
      return { status: 'skip', label: 'no-subscription' };
    const cancelledAt = connection.wireLog().frames.length;
    await connection.sendRaw({ body: cancellationOf(listen.id), expectResponse: false });
    const after = await connection.sendRaw({ body: harmlessRequest('modern') }, { timeoutMs: ctx.timeoutMs, signal: ctx.signal });
    await abortableDelay(CANCEL_QUIET_MS, ctx.signal).catch(() => undefined);
    const late = listenFrames(connection.wireLog().frames, cancelledAt, listen.id);
    const measurements = { lateNotifications: late.notifications.length, lateAnswers: late.answered ? 1 : 0 };
    if (late.answered) return { status: 'fail', label: 'answered-after-cancel', measurements };
    if (late.notifications.length > 0) return { status: 'fail', label: 'notified-after-cancel', measurements };
    if (after.outcome !== 'result') return { status: 'fail', label: 'not-serving-after-cancel', measurements };
    return { status: 'pass', label: 'cancel-honoured', measurements };
  },
});
