import type { Exchange } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessHttp, unlessLegacy } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { legacyRequest } from './support/raw-request.js';

/** A well-formed revision date no revision has: a server can only not support it. */
export const UNSUPPORTED_HEADER_VERSION = '1999-01-01';

const BAD_REQUEST = 400;

const LABELS = {
  'unsupported-header-rejected':
    'A request in the session whose MCP-Protocol-Version names a revision the server does not support got HTTP 400.',
  'unsupported-header-served':
    'A request whose MCP-Protocol-Version names a revision no server supports was served: the header is not checked.',
  'unsupported-header-wrong-status': 'The request was rejected, but with an HTTP status other than 400 (httpStatus says which).',
  'no-answer': 'The request got no answer: timeout, crash, closed connection or a server error (5xx).',
  'era-modern': SKIP_LABELS['era-modern'],
  'not-applicable-stdio': SKIP_LABELS['not-applicable-stdio'],
} as const;

export type LegacyProtocolHeaderLabel = keyof typeof LABELS;

function verdict(exchange: Exchange): LegacyProtocolHeaderLabel {
  const status = exchange.httpStatus;
  if (status === BAD_REQUEST) return 'unsupported-header-rejected';
  if (status !== undefined && status >= 200 && status < 300) return 'unsupported-header-served';
  if (status !== undefined && status >= 400 && status < 500) return 'unsupported-header-wrong-status';
  return 'no-answer';
}

/**
 * 2025-11-25 Streamable HTTP (Protocol Version Header): after initialization every request
 * carries `MCP-Protocol-Version`, and a server that receives an invalid or unsupported one MUST
 * answer 400 Bad Request. The probe is a `ping` inside the session, with the header naming
 * UNSUPPORTED_HEADER_VERSION.
 */
export const legacyProtocolHeader = defineCheck<ConformanceParams, LegacyProtocolHeaderLabel>({
  id: 'legacy-protocol-header',
  kind: 'conformance',
  requirements: ['L34'],
  title: 'An unsupported MCP-Protocol-Version is 400',
  summary: 'On 2025-11-25 Streamable HTTP, a request whose MCP-Protocol-Version header names an unsupported revision gets HTTP 400.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<LegacyProtocolHeaderLabel>> {
    const skip = unlessLegacy(ctx.connection) ?? unlessHttp(ctx.connection);
    if (skip) return skip;
    const exchange = await ctx.connection.sendRaw(
      { body: legacyRequest('ping'), headers: { 'mcp-protocol-version': UNSUPPORTED_HEADER_VERSION } },
      { timeoutMs: ctx.timeoutMs, signal: ctx.signal },
    );
    const label = verdict(exchange);
    const measurements = answerMeasurements(exchange);
    return label === 'unsupported-header-rejected' ? { status: 'pass', label, measurements } : { status: 'fail', label, measurements };
  },
});
