import type { Exchange } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessHttp } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { harmlessRequest } from './support/raw-request.js';

/**
 * The Origin a DNS-rebinding page would send: a reserved name (RFC 2606) no server can own, so no
 * allow-list can legitimately contain it.
 */
export const FOREIGN_ORIGIN = 'http://evil.example';

const FORBIDDEN = 403;

const LABELS = {
  'foreign-origin-refused': 'A request carrying Origin: http://evil.example was refused with HTTP 403, as Streamable HTTP requires.',
  'foreign-origin-served':
    'A request carrying Origin: http://evil.example was served (a result came back): the server does not validate Origin, so a web page can reach it through DNS rebinding.',
  'foreign-origin-wrong-status':
    'A request carrying Origin: http://evil.example was rejected, but with an HTTP status other than 403 (httpStatus says which).',
  'no-answer': 'The request carrying a foreign Origin got no answer: timeout, crash, closed connection or a server error (5xx).',
  'not-applicable-stdio': SKIP_LABELS['not-applicable-stdio'],
} as const;

export type OriginValidationLabel = keyof typeof LABELS;

function verdict(exchange: Exchange): OriginValidationLabel {
  const status = exchange.httpStatus;
  if (status === FORBIDDEN) return 'foreign-origin-refused';
  if (exchange.outcome === 'result') return 'foreign-origin-served';
  if (status !== undefined && status >= 400 && status < 500) return 'foreign-origin-wrong-status';
  // A JSON-RPC error under 2xx still means the request reached MCP handling: the Origin was not checked.
  if (exchange.outcome === 'error') return 'foreign-origin-served';
  return 'no-answer';
}

/**
 * Streamable HTTP, both revisions (2025-11-25 §Transports, Security Warning; kept in 2026-07-28):
 * a server MUST validate the Origin header of every incoming connection, and when it is present and
 * invalid MUST answer HTTP 403. The request is the era's harmless one (`server/discover` on
 * 2026-07-28, `ping` in a legacy session) with a foreign Origin; anything but 403 fails.
 */
export const originValidation = defineCheck<ConformanceParams, OriginValidationLabel>({
  id: 'origin-validation',
  kind: 'conformance',
  requirements: ['L21', 'M30'],
  title: 'A foreign Origin is refused with 403',
  summary:
    'Over Streamable HTTP, a request whose Origin is present and invalid (http://evil.example) is refused with HTTP 403 (DNS-rebinding protection).',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<OriginValidationLabel>> {
    const skip = unlessHttp(ctx.connection);
    if (skip) return skip;
    const exchange = await ctx.connection.sendRaw(
      { body: harmlessRequest(ctx.connection.era), headers: { origin: FOREIGN_ORIGIN } },
      { timeoutMs: ctx.timeoutMs, signal: ctx.signal },
    );
    const label = verdict(exchange);
    const measurements = answerMeasurements(exchange);
    return label === 'foreign-origin-refused' ? { status: 'pass', label, measurements } : { status: 'fail', label, measurements };
  },
});
