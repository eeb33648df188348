import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import type { WireMessage } from './support/wire-messages.js';
import { paramsOf, receivedMessages, sentRequests, wireOutcome } from './support/wire-messages.js';
import { overWireLog, WIRE_LOG_FULL_LABELS } from './support/wire-workload.js';
import type { WireLogFullLabel } from './support/wire-workload.js';

type Defect = 'progress-unknown-token' | 'progress-after-answer' | 'progress-wrong-stream' | 'progress-not-increasing';
export type ProgressNotificationsLabel = 'progress-well-ordered' | 'no-progress-observed' | Defect | WireLogFullLabel;

const LABELS: Record<ProgressNotificationsLabel, string> = {
  ...WIRE_LOG_FULL_LABELS,
  'progress-well-ordered': 'Every progress notification named an outstanding request of ours, and progress increased per token.',
  'progress-unknown-token': 'A progress notification whose token is none the client sent.',
  'progress-after-answer': 'A progress notification for a request that had already been answered.',
  'progress-wrong-stream': "HTTP: a progress notification on a stream other than its own request's response stream.",
  'progress-not-increasing': 'A progress value that is not a number greater than the previous one for the same token.',
  'no-progress-observed': 'Skipped: the server sent no progress notification during the workload (every request offered a token).',
};

interface Pending {
  readonly idKey: string;
  /** Log index of the request's first response, when it was answered. */
  readonly answeredAt: number | undefined;
}

/**
 * Every `notifications/progress` the server sent during the shared wire workload (every request
 * there carries a `progressToken`) names a token of a request still outstanding: in log order its
 * answer has not arrived yet, and over HTTP it travels on that request's own response stream. Per
 * token, `progress` strictly increases. Skips when no progress was sent at all.
 */
export const progressNotifications = defineCheck<ConformanceParams, ProgressNotificationsLabel>({
  id: 'progress-notifications',
  kind: 'conformance',
  requirements: ['L37', 'L38', 'M60'],
  title: 'Progress notifications are well ordered',
  summary: 'Progress names an outstanding request, on its own stream, with values that increase.',
  params: NO_PARAMS,
  labels: LABELS,
  run: overWireLog(async (ctx, read): Promise<Outcome<ProgressNotificationsLabel>> => {
    const { log, http } = await read();
    const messages = receivedMessages(log);
    const answeredAt = new Map<string, number>();
    for (const { kind, idKey, index } of messages)
      if (kind === 'response' && idKey !== undefined && !answeredAt.has(idKey)) answeredAt.set(idKey, index);
    const byToken = new Map<string, Pending>();
    for (const [idKey, { progressToken }] of sentRequests(log)) {
      if (progressToken !== undefined) byToken.set(JSON.stringify(progressToken), { idKey, answeredAt: answeredAt.get(idKey) });
    }
    const progress = messages.filter(({ kind, method }) => kind === 'notification' && method === 'notifications/progress');
    if (progress.length === 0) return { status: 'skip', label: 'no-progress-observed' };
    const last = new Map<string, number>();
    const defects: { label: Defect; measurements: { frame: number } }[] = [];
    for (const message of progress) {
      const defect = progressDefect(message, byToken, last, http);
      if (defect) defects.push({ label: defect, measurements: { frame: message.index } });
    }
    return wireOutcome(defects, 'progress-well-ordered', { notifications: progress.length });
  }),
});

function progressDefect(
  { message, index, frame }: WireMessage,
  byToken: ReadonlyMap<string, Pending>,
  last: Map<string, number>,
  http: boolean,
): Defect | undefined {
  const params = paramsOf(message);
  const tokenKey = JSON.stringify(params.progressToken);
  const pending = params.progressToken === undefined ? undefined : byToken.get(tokenKey);
  if (!pending) return 'progress-unknown-token';
  if (pending.answeredAt !== undefined && pending.answeredAt < index) return 'progress-after-answer';
  if (http && frame.streamRequestKey !== pending.idKey) return 'progress-wrong-stream';
  const value = params.progress;
  const previous = last.get(tokenKey);
  if (typeof value !== 'number' || (previous !== undefined && value <= previous)) return 'progress-not-increasing';
  last.set(tokenKey, value);
  return undefined;
}
