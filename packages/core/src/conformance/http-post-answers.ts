import type { Exchange } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import type { Finding } from '../record.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessHttp } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { harmlessNotification, harmlessRequest } from './support/raw-request.js';

const ACCEPTED = 202;
/** The only media types a posted request may be answered with (both revisions). */
const ANSWER_TYPES = ['application/json', 'text/event-stream'] as const;

const LABELS = {
  'post-answers-conformant':
    'A posted notification was answered 202 with an empty body (or an HTTP error status), and a posted request was answered application/json or text/event-stream.',
  'notification-accepted': 'Finding: the posted notification was answered 202 Accepted with an empty body.',
  'notification-refused': 'Finding: the posted notification was refused with an HTTP error status, which the transport allows.',
  'notification-wrong-status':
    'The posted notification was answered with a success or redirect status other than 202 (httpStatus says which).',
  'notification-with-body': 'The posted notification was answered 202 but with a body (responseBytes); an accepted notification gets none.',
  'request-answered': 'Finding: the posted request was answered application/json or text/event-stream.',
  'request-wrong-content-type': 'The posted request was answered with a Content-Type other than application/json or text/event-stream.',
  'no-answer': 'A post got no answer: timeout, closed connection or a server error (5xx).',
  'not-applicable-stdio': SKIP_LABELS['not-applicable-stdio'],
} as const;

export type HttpPostAnswersLabel = keyof typeof LABELS;

function notificationVerdict(exchange: Exchange): HttpPostAnswersLabel {
  const status = exchange.httpStatus;
  if (status === undefined || status >= 500) return 'no-answer';
  if (status === ACCEPTED) return exchange.responseBytes === 0 ? 'notification-accepted' : 'notification-with-body';
  return status >= 400 ? 'notification-refused' : 'notification-wrong-status';
}

function requestVerdict(exchange: Exchange): HttpPostAnswersLabel {
  const status = exchange.httpStatus;
  if (status === undefined || status >= 500) return 'no-answer';
  const type = (exchange.responseHeaders?.['content-type'] ?? '').toLowerCase();
  return ANSWER_TYPES.some((answer) => type.startsWith(answer)) ? 'request-answered' : 'request-wrong-content-type';
}

const PASSING = new Set<HttpPostAnswersLabel>(['notification-accepted', 'notification-refused', 'request-answered']);

/**
 * Streamable HTTP, both revisions (§Sending Messages to the Server): a posted notification the
 * server accepts MUST get 202 Accepted with no body (else an HTTP error status), and a posted request
 * MUST be answered `application/json` or `text/event-stream`. The notification is a cancellation of
 * a request never sent (which a server ignores), the request the era's harmless one.
 */
export const httpPostAnswers = defineCheck<ConformanceParams, HttpPostAnswersLabel>({
  id: 'http-post-answers',
  kind: 'conformance',
  requirements: ['L24', 'L25', 'M29', 'M33', 'M34'],
  title: 'Posts are answered 202 or JSON/SSE',
  summary:
    'Over Streamable HTTP, an accepted notification gets 202 with no body, and a request is answered application/json or text/event-stream.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<HttpPostAnswersLabel>> {
    const skip = unlessHttp(ctx.connection);
    if (skip) return skip;
    const { connection } = ctx;
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
    const notification = await connection.sendRaw({ body: harmlessNotification(connection.era), expectResponse: false }, options);
    const request = await connection.sendRaw({ body: harmlessRequest(connection.era) }, options);
    const probes: readonly (readonly [HttpPostAnswersLabel, Finding['measurements']])[] = [
      [notificationVerdict(notification), { ...answerMeasurements(notification), responseBytes: notification.responseBytes }],
      [requestVerdict(request), answerMeasurements(request)],
    ];
    const findings: Finding[] = probes.map(([label, measurements]) => ({ label, ...(measurements && { measurements }) }));
    const failure = probes.find(([label]) => !PASSING.has(label))?.[0];
    const measurements = { probes: findings.length };
    if (failure) return { status: 'fail', label: failure, measurements, findings };
    return { status: 'pass', label: 'post-answers-conformant', measurements, findings };
  },
});
