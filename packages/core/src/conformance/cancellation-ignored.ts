import { isJsonObject } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { paramsOf, receivedMessages } from './support/wire-messages.js';
import { WIRE_AFTER_CANCEL_METHOD, WIRE_NEVER_SENT_ID, overWireLog, WIRE_LOG_FULL_LABELS } from './support/wire-workload.js';

const LABELS = {
  ...WIRE_LOG_FULL_LABELS,
  'invalid-cancellation-ignored': 'A notifications/cancelled naming a request never sent got no answer, and the next request was served.',
  'invalid-cancellation-answered':
    'Something answered the invalid notifications/cancelled: a response without an id (or with a null one) after it, or an HTTP error status for the notification.',
  'not-serving-after-cancellation': 'The harmless request sent after the invalid cancellation was not answered with a result.',
  'cancellation-not-sent': 'The workload could not send its cancellation (the connection failed first), so nothing could be judged.',
} as const;

export type CancellationIgnoredLabel = keyof typeof LABELS;

/**
 * Utilities › Cancellation (2025-11-25) and Patterns › Cancellation (2026-07-28), SHOULD: a
 * cancellation of an unknown request is ignored. Read from the shared wire workload, which cancels
 * a request id it never sent and then sends one harmless request: nothing may answer the
 * notification (no response without an id after it; over HTTP a 202, which http-post-answers
 * also requires), and the harmless request must be served.
 */
export const cancellationIgnored = defineCheck<ConformanceParams, CancellationIgnoredLabel>({
  id: 'cancellation-ignored',
  kind: 'conformance',
  requirements: ['L40', 'M54'],
  title: 'An invalid cancellation is ignored',
  summary: 'A notifications/cancelled for a request never sent is ignored: no answer to it, and the server serves on.',
  params: NO_PARAMS,
  level: 'should',
  labels: LABELS,
  run: overWireLog(async (ctx, read): Promise<Outcome<CancellationIgnoredLabel>> => {
    const { log, era, exchanges } = await read();
    const cancelAt = log.frames.findIndex(
      (frame) =>
        frame.direction === 'sent' &&
        isJsonObject(frame.value) &&
        frame.value.method === 'notifications/cancelled' &&
        paramsOf(frame.value).requestId === WIRE_NEVER_SENT_ID,
    );
    if (cancelAt === -1) return { status: 'error', label: 'cancellation-not-sent' };
    const answers = receivedMessages(log).filter(
      ({ index, kind, message }) => index > cancelAt && kind === 'response' && (message.id === null || message.id === undefined),
    );
    const notificationStatus = log.frames
      .slice(cancelAt + 1)
      .find((frame) => frame.direction === 'received' && frame.source === 'json-body' && frame.streamRequestKey === undefined);
    const after = exchanges.find((e) => e.method === WIRE_AFTER_CANCEL_METHOD[era]);
    const measurements = { answers: answers.length };
    if (answers.length > 0 || notificationStatus !== undefined)
      return { status: 'fail', label: 'invalid-cancellation-answered', measurements };
    if (after?.exchange.outcome !== 'result') return { status: 'fail', label: 'not-serving-after-cancellation', measurements };
    return { status: 'pass', label: 'invalid-cancellation-ignored', measurements };
  }),
});
