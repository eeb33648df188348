import type { Exchange } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessHttp, unlessModern } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { modernRequest } from './support/raw-request.js';

const LABELS = {
  'batch-refused': 'A JSON-RPC batch holding a 2026-07-28 request was refused with an HTTP 4xx status, nothing in it served.',
  'batch-served':
    'A JSON-RPC batch holding a 2026-07-28 request was answered with a 2xx status: the server accepted a batch the revision forbids.',
  'no-answer': 'The batch got no answer: timeout, closed connection or a server error (5xx).',
  'era-legacy': SKIP_LABELS['era-legacy'],
  'not-applicable-stdio': SKIP_LABELS['not-applicable-stdio'],
} as const;

export type BatchRefusedLabel = keyof typeof LABELS;

function verdict(exchange: Exchange): BatchRefusedLabel {
  const status = exchange.httpStatus;
  if (status === undefined || status >= 500) return 'no-answer';
  return status >= 400 ? 'batch-refused' : 'batch-served';
}

/**
 * 2026-07-28 Streamable HTTP: JSON-RPC batches may not carry 2026-07-28 requests, and input the
 * server cannot accept MUST get an HTTP error status (the body MAY be a JSON-RPC error; the SDK
 * sends -32600, recorded as `jsonRpcCode`, not required). The batch holds one `server/discover`,
 * harmless if served. Sent as a string body, so the instrument writes the array exactly as given.
 */
export const batchRefused = defineCheck<ConformanceParams, BatchRefusedLabel>({
  id: 'batch-refused',
  kind: 'conformance',
  requirements: ['M99'],
  title: 'Batches of 2026-07-28 requests are refused',
  summary: 'On 2026-07-28 Streamable HTTP, a POSTed JSON-RPC batch holding an enveloped request is refused with an HTTP 4xx status.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<BatchRefusedLabel>> {
    const skip = unlessModern(ctx.connection) ?? unlessHttp(ctx.connection);
    if (skip) return skip;
    const request = modernRequest('server/discover');
    const exchange = await ctx.connection.sendRaw(
      // The array derives no headers, so the ones its single request would carry are set by hand.
      { body: JSON.stringify([request]), headers: { 'mcp-method': 'server/discover' } },
      { timeoutMs: ctx.timeoutMs, signal: ctx.signal },
    );
    const label = verdict(exchange);
    const measurements = answerMeasurements(exchange);
    return label === 'batch-refused' ? { status: 'pass', label, measurements } : { status: 'fail', label, measurements };
  },
});
