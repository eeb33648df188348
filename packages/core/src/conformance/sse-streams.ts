import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessHttp } from './support/applicability.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import type { SentRequest, WireMessage } from './support/wire-messages.js';
import { paramsOf, receivedMessages, sentRequests, wireOutcome } from './support/wire-messages.js';
import { overWireLog, WIRE_LOG_FULL_LABELS } from './support/wire-workload.js';
import type { WireLogFullLabel } from './support/wire-workload.js';

type Defect = 'event-id-duplicate' | 'response-on-two-streams' | 'unrelated-notification' | 'request-on-post-stream';
export type SseStreamsLabel = 'sse-streams-distinct' | 'no-sse-observed' | 'not-applicable-stdio' | Defect | WireLogFullLabel;

const LABELS: Record<SseStreamsLabel, string> = {
  ...WIRE_LOG_FULL_LABELS,
  'sse-streams-distinct':
    'SSE event ids were unique, every response travelled on one stream, and POST streams carried only their own traffic.',
  'event-id-duplicate': 'An SSE event id used twice on the connection (across all its streams).',
  'response-on-two-streams': 'One response delivered on more than one stream (a broadcast).',
  'unrelated-notification':
    "2026-07-28: a notification on a POST stream that is not about that request (another request's progress token, or a subscriptionId outside a listen).",
  'request-on-post-stream': '2026-07-28: a server request on a POST response stream.',
  'no-sse-observed': 'Skipped: no response of the workload was an SSE stream, so there was nothing to check.',
  'not-applicable-stdio': SKIP_LABELS['not-applicable-stdio'],
};

const SUBSCRIPTION_ID_META = 'io.modelcontextprotocol/subscriptionId';

function unrelated({ kind, method, message, frame }: WireMessage, owner: SentRequest | undefined): Defect | undefined {
  if (frame.streamMethod !== 'POST') return undefined;
  if (kind === 'request') return 'request-on-post-stream';
  if (kind !== 'notification') return undefined;
  const params = paramsOf(message);
  if (method === 'notifications/progress' && JSON.stringify(params.progressToken) !== JSON.stringify(owner?.progressToken)) {
    return 'unrelated-notification';
  }
  const meta = params._meta;
  const stamped = typeof meta === 'object' && meta !== null && !Array.isArray(meta) && Object.hasOwn(meta, SUBSCRIPTION_ID_META);
  return stamped && owner?.method !== 'subscriptions/listen' ? 'unrelated-notification' : undefined;
}

/**
 * HTTP only, over the shared wire workload's SSE streams: every event id is unique across all the
 * connection's streams (its session, on legacy), no response arrives on two streams, and on
 * 2026-07-28 a POST's stream carries only that request's notifications and no server request.
 * Skips when no response was an SSE stream.
 */
export const sseStreams = defineCheck<ConformanceParams, SseStreamsLabel>({
  id: 'sse-streams',
  kind: 'conformance',
  requirements: ['L28', 'L29', 'M35'],
  title: 'SSE streams do not mix or repeat',
  summary: "SSE event ids are unique, each response travels on one stream, and a POST stream carries only its own request's traffic.",
  params: NO_PARAMS,
  labels: LABELS,
  run: overWireLog(async (ctx, read): Promise<Outcome<SseStreamsLabel>> => {
    const skip = unlessHttp(ctx.connection);
    if (skip) return skip;
    const { log, era } = await read();
    const sseFrames = log.frames.filter((frame) => frame.direction === 'received' && frame.source === 'sse');
    if (sseFrames.length === 0) return { status: 'skip', label: 'no-sse-observed' };
    const defects: { label: Defect; measurements: { frame: number } }[] = [];
    const eventIds = new Set<string>();
    log.frames.forEach((frame, index) => {
      if (frame.direction !== 'received' || frame.eventId === undefined) return;
      if (eventIds.has(frame.eventId)) defects.push({ label: 'event-id-duplicate', measurements: { frame: index } });
      eventIds.add(frame.eventId);
    });
    const sent = sentRequests(log);
    const streamsOf = new Map<string, Set<number>>();
    for (const message of receivedMessages(log)) {
      if (message.kind === 'response' && message.idKey !== undefined) {
        const streams = streamsOf.get(message.idKey) ?? new Set<number>();
        if (streams.size > 0 && !streams.has(message.frame.stream)) {
          defects.push({ label: 'response-on-two-streams', measurements: { frame: message.index } });
        }
        streams.add(message.frame.stream);
        streamsOf.set(message.idKey, streams);
      }
      const owner = message.frame.streamRequestKey === undefined ? undefined : sent.get(message.frame.streamRequestKey);
      const defect = era === 'modern' && message.frame.source === 'sse' ? unrelated(message, owner) : undefined;
      if (defect) defects.push({ label: defect, measurements: { frame: message.index } });
    }
    return wireOutcome(defects, 'sse-streams-distinct', { events: sseFrames.length });
  }),
});
