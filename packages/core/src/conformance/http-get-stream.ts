import type { Exchange } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessHttp, unlessLegacy } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';

const EVENT_STREAM = 'text/event-stream';
const METHOD_NOT_ALLOWED = 405;

const LABELS = {
  'get-stream-offered': 'A GET to the MCP endpoint, inside the session, was answered 200 with Content-Type text/event-stream.',
  'get-not-allowed': 'A GET to the MCP endpoint was answered 405 Method Not Allowed: the server offers no GET stream.',
  'get-wrong-content-type':
    'A GET to the MCP endpoint was answered with a 2xx status but not Content-Type text/event-stream (an SSE stream or 405 are the only answers allowed).',
  'get-wrong-status':
    'A GET to the MCP endpoint, inside the session, was answered with a status other than 200 or 405 (httpStatus says which).',
  'no-answer': 'The GET got no answer: timeout, closed connection or a server error (5xx).',
  'era-modern': SKIP_LABELS['era-modern'],
  'not-applicable-stdio': SKIP_LABELS['not-applicable-stdio'],
} as const;

export type HttpGetStreamLabel = keyof typeof LABELS;

function verdict(exchange: Exchange): HttpGetStreamLabel {
  const status = exchange.httpStatus;
  if (status === METHOD_NOT_ALLOWED) return 'get-not-allowed';
  if (status === undefined || status >= 500) return 'no-answer';
  if (status >= 200 && status < 300) {
    const type = (exchange.responseHeaders?.['content-type'] ?? '').toLowerCase();
    return type.startsWith(EVENT_STREAM) ? 'get-stream-offered' : 'get-wrong-content-type';
  }
  return 'get-wrong-status';
}

/**
 * 2025-11-25 Streamable HTTP (§Listening for Messages from the Server): the MCP endpoint supports
 * GET, and a GET (with `Accept: text/event-stream`) MUST be answered either with
 * `Content-Type: text/event-stream` or with 405. Sent inside the session (its id and version
 * headers), so a server that requires sessions has no reason to refuse it; the stream is not read.
 */
export const httpGetStream = defineCheck<ConformanceParams, HttpGetStreamLabel>({
  id: 'http-get-stream',
  kind: 'conformance',
  requirements: ['L20', 'L27'],
  title: 'GET is an SSE stream or 405',
  summary:
    'On the legacy Streamable HTTP transport, a GET to the MCP endpoint inside the session is answered text/event-stream or 405 Method Not Allowed.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<HttpGetStreamLabel>> {
    const skip = unlessLegacy(ctx.connection) ?? unlessHttp(ctx.connection);
    if (skip) return skip;
    const exchange = await ctx.connection.sendRaw(
      { body: {}, httpMethod: 'GET', headers: { accept: EVENT_STREAM, 'content-type': null } },
      { timeoutMs: ctx.timeoutMs, signal: ctx.signal },
    );
    const label = verdict(exchange);
    const measurements = answerMeasurements(exchange);
    const pass = label === 'get-stream-offered' || label === 'get-not-allowed';
    return pass ? { status: 'pass', label, measurements } : { status: 'fail', label, measurements };
  },
});
