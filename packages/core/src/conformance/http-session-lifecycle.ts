import type { Exchange } from '@mcp-eval/protocol';

import type { CheckContext, Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { Finding } from '../record.js';
import { SKIP_LABELS, unlessHttp, unlessLegacy } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { legacyRequest } from './support/raw-request.js';
import { unknownSessionId } from './support/unknown-names.js';

const LABELS = {
  'session-lifecycle-honest':
    'The session id is well formed, a request without it is rejected, an unknown id is rejected, and a deleted session answers 404.',
  'session-id-invalid': 'The Mcp-Session-Id the server issued has characters outside visible ASCII (0x21-0x7E).',
  'sessionless-request-served': 'A request without the Mcp-Session-Id header was served: the session the server issued is not enforced.',
  'unknown-session-served': 'A request with a session id the server never issued was served.',
  'terminated-session-not-404':
    'After the session was deleted (DELETE), a request reusing its id was rejected with a status other than 404 (httpStatus), so a client will not know to start a new session.',
  'sessions-not-used':
    'Skipped: the server issued no Mcp-Session-Id, which 2025-11-25 allows (a stateless server); there is no session to check.',
  'unknown-session-not-404': 'Finding (not a failure): an unknown session id was rejected, but with a status other than 404.',
  'session-survives-delete':
    'Finding (not a failure): the session still served requests after DELETE. The revision lets a server refuse termination (405), which MCP Eval cannot see through its Connection port, so this is reported, not failed.',
  'era-modern': SKIP_LABELS['era-modern'],
  'not-applicable-stdio': SKIP_LABELS['not-applicable-stdio'],
} as const;

export type HttpSessionLifecycleLabel = keyof typeof LABELS;

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

function rejected(exchange: Exchange): boolean {
  return exchange.outcome !== 'result' && exchange.httpStatus !== undefined && exchange.httpStatus >= 400 && exchange.httpStatus < 500;
}

/** `ping` exists in every legacy server and has no effect: the request each step sends. */
function ping(ctx: CheckContext, sessionId: string | null): Promise<Exchange> {
  return ctx.connection.sendRaw(
    { body: legacyRequest('ping'), headers: { 'mcp-session-id': sessionId } },
    { timeoutMs: ctx.timeoutMs, signal: ctx.signal },
  );
}

/**
 * The legacy era's session handling on Streamable HTTP (2025-11-25): a session id issued at
 * initialize is visible ASCII, a request without it is rejected (400), an id the server never
 * issued is rejected, and once a client DELETEs its session a request reusing the id gets 404, the
 * signal a client uses to start a new session. The DELETE is sent by closing a second connection.
 */
export const httpSessionLifecycle = defineCheck<ConformanceParams, HttpSessionLifecycleLabel>({
  id: 'http-session-lifecycle',
  kind: 'conformance',
  requirements: ['L30', 'L32', 'L33'],
  title: 'HTTP session lifecycle',
  summary:
    'A legacy HTTP server enforces the session it issues: requests without it or with an unknown id are rejected, and a deleted session answers 404.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<HttpSessionLifecycleLabel>> {
    const skip = unlessLegacy(ctx.connection) ?? unlessHttp(ctx.connection);
    if (skip) return skip;
    const sessionId = ctx.connection.handshake.responseHeaders?.['mcp-session-id'];
    if (sessionId === undefined) return { status: 'skip', label: 'sessions-not-used' };
    if (!VISIBLE_ASCII.test(sessionId)) return { status: 'fail', label: 'session-id-invalid' };

    const sessionless = await ping(ctx, null);
    if (!rejected(sessionless))
      return { status: 'fail', label: 'sessionless-request-served', measurements: answerMeasurements(sessionless) };

    const findings: Finding[] = [];
    const unknown = await ping(ctx, unknownSessionId());
    if (!rejected(unknown)) return { status: 'fail', label: 'unknown-session-served', measurements: answerMeasurements(unknown) };
    if (unknown.httpStatus !== 404) findings.push({ label: 'unknown-session-not-404', measurements: answerMeasurements(unknown) });

    const second = await ctx.openConnection();
    const deletedId = second.handshake.responseHeaders?.['mcp-session-id'];
    await second.close();
    if (deletedId !== undefined) {
      const reused = await ping(ctx, deletedId);
      if (!rejected(reused)) findings.push({ label: 'session-survives-delete', measurements: answerMeasurements(reused) });
      else if (reused.httpStatus !== 404)
        return { status: 'fail', label: 'terminated-session-not-404', measurements: answerMeasurements(reused), findings };
    }
    return { status: 'pass', label: 'session-lifecycle-honest', ...(findings.length === 0 ? {} : { findings }) };
  },
});
