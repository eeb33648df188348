import type { BodylessHttpMethod, Connection, Exchange, RequestOptions } from '@mcp-eval/protocol';
import { LEGACY_PROTOCOL_VERSION } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { Finding } from '../record.js';
import { SKIP_LABELS, unlessHttp, unlessModern } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { legacyRequest, modernRequest } from './support/raw-request.js';

const METHOD_NOT_ALLOWED = 405;

const LABELS = {
  'post-only': 'A GET and a DELETE carrying the 2026-07-28 protocol header were both answered 405 Method Not Allowed.',
  'get-not-405':
    'A GET carrying the 2026-07-28 protocol header got another status than 405 (httpStatus says which), from a server that does not serve the legacy era.',
  'delete-not-405':
    'A DELETE carrying the 2026-07-28 protocol header got another status than 405 (httpStatus says which), from a server that does not serve the legacy era.',
  'get-refused': 'Finding: the GET was answered 405.',
  'get-answered': 'Finding: the GET was answered with another status (httpStatus), or not at all.',
  'delete-refused': 'Finding: the DELETE was answered 405.',
  'delete-answered': 'Finding: the DELETE was answered with another status (httpStatus), or not at all.',
  'legacy-served':
    'Skipped: the endpoint also serves the legacy era (an initialize was answered with a result), and its GET and DELETE are then the legacy transport’s (a session stream, a session end), which 2025-11-25 governs.',
  'era-legacy': SKIP_LABELS['era-legacy'],
  'not-applicable-stdio': SKIP_LABELS['not-applicable-stdio'],
} as const;

export type PostOnlyLabel = keyof typeof LABELS;

const PROBES = [
  { method: 'GET', refused: 'get-refused', answered: 'get-answered', failure: 'get-not-405' },
  { method: 'DELETE', refused: 'delete-refused', answered: 'delete-answered', failure: 'delete-not-405' },
] as const satisfies readonly { readonly method: BodylessHttpMethod; readonly [key: string]: string }[];

/**
 * 2026-07-28 Streamable HTTP (Backward compatibility): a server that speaks only 2026-07-28 is
 * POST-only and answers the legacy transport's GET (stream) and DELETE (session end) with 405.
 * A server that serves both eras on one endpoint may route them to its legacy side, so any other
 * answer is checked against an `initialize`: served means the legacy era owns GET and DELETE there
 * (a skip, and the session it opened is ended), refused means the 405 was due. A SHOULD.
 */
export const postOnly = defineCheck<ConformanceParams, PostOnlyLabel>({
  id: 'post-only',
  kind: 'conformance',
  requirements: ['M51'],
  level: 'should',
  title: 'A 2026-07-28-only endpoint is POST-only',
  summary:
    'On 2026-07-28 Streamable HTTP, a server that does not also serve the legacy era answers GET and DELETE with 405 Method Not Allowed.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<PostOnlyLabel>> {
    const skip = unlessModern(ctx.connection) ?? unlessHttp(ctx.connection);
    if (skip) return skip;
    const { connection } = ctx;
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
    const findings: Finding[] = [];
    let failure: PostOnlyLabel | undefined;
    for (const probe of PROBES) {
      // The body is not sent; it derives the 2026-07-28 headers the bodyless request carries.
      const exchange = await connection.sendRaw(
        {
          body: modernRequest('server/discover'),
          httpMethod: probe.method,
          headers: { accept: 'text/event-stream', 'content-type': null },
        },
        options,
      );
      const refused = exchange.httpStatus === METHOD_NOT_ALLOWED;
      if (!refused) failure ??= probe.failure;
      findings.push({ label: refused ? probe.refused : probe.answered, measurements: answerMeasurements(exchange) });
    }
    const measurements = { probes: PROBES.length };
    if (failure === undefined) return { status: 'pass', label: 'post-only', measurements, findings };
    const initialize = await connection.sendRaw(
      { body: legacyInitialize(), headers: { 'mcp-protocol-version': null, 'mcp-method': null } },
      options,
    );
    if (initialize.outcome !== 'result') return { status: 'fail', label: failure, measurements, findings };
    await endLegacySession(ctx.connection, initialize, options);
    return { status: 'skip', label: 'legacy-served', measurements, findings };
  },
});

function legacyInitialize(): ReturnType<typeof legacyRequest> {
  return legacyRequest('initialize', {
    protocolVersion: LEGACY_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'mcp-eval-conformance', version: '1' },
  });
}

/** The legacy probe may have opened a session: end it, as a legacy client would, so none is left behind. */
async function endLegacySession(connection: Connection, initialize: Exchange, options: RequestOptions): Promise<void> {
  const session = initialize.responseHeaders?.['mcp-session-id'];
  if (session === undefined) return;
  await connection.sendRaw(
    {
      body: {},
      httpMethod: 'DELETE',
      headers: { 'mcp-session-id': session, 'mcp-protocol-version': LEGACY_PROTOCOL_VERSION, 'mcp-method': null, 'content-type': null },
    },
    options,
  );
}
