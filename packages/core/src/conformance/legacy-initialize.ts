import type { Exchange, JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { CheckContext, Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessLegacy } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { UNSUPPORTED_LEGACY_VERSION } from './support/protocol-constants.js';
import { legacyRequest } from './support/raw-request.js';

const LABELS = {
  'version-negotiated':
    'initialize returned protocolVersion, capabilities and serverInfo, and a request for an unsupported revision got a counter-offer.',
  'handshake-incomplete':
    'The initialize result lacks a protocolVersion string, a capabilities object or a serverInfo with name and version.',
  'no-counter-offer':
    'initialize naming an unsupported revision (1999-01-01) got an error (jsonRpcCode) instead of a result offering a revision the server supports.',
  'unsupported-version-accepted':
    'initialize naming an unsupported revision (1999-01-01) was answered with that same revision, as if supported.',
  'counter-offer-malformed': "The counter-offer's protocolVersion is not a YYYY-MM-DD revision string.",
  'no-answer': 'initialize naming an unsupported revision got no answer: timeout, crash, closed connection or an unparseable reply.',
  'era-modern': SKIP_LABELS['era-modern'],
} as const;

export type LegacyInitializeLabel = keyof typeof LABELS;

const REVISION = /^\d{4}-\d{2}-\d{2}$/;

function handshakeComplete(result: JsonObject): boolean {
  const info = result.serverInfo;
  return (
    typeof result.protocolVersion === 'string' &&
    isRecord(result.capabilities) &&
    isRecord(info) &&
    typeof info.name === 'string' &&
    typeof info.version === 'string'
  );
}

/**
 * The offer is an `initialize` of its own. Over stdio it goes to a fresh process (after that
 * process's own handshake, since the instrument cannot send a first message of our choosing);
 * where sessions are named by header (HTTP) it is sent without a session id, which opens a new
 * session the way a new client does.
 * That session cannot be deleted through the Connection port (DELETE is not a message), so it is
 * left to the server's expiry.
 */
async function offerUnsupported(ctx: CheckContext): Promise<Exchange> {
  const params = {
    protocolVersion: UNSUPPORTED_LEGACY_VERSION,
    capabilities: {},
    clientInfo: { name: 'mcp-eval-conformance', version: '1' },
  };
  const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
  if (ctx.connection.traits.headerSessions) {
    return ctx.connection.sendRaw(
      { body: legacyRequest('initialize', params), headers: { 'mcp-session-id': null, 'mcp-protocol-version': null } },
      options,
    );
  }
  const fresh = await ctx.openConnection();
  return fresh.sendRaw({ body: legacyRequest('initialize', params) }, options);
}

/**
 * The legacy equivalent of assertion 1: the `initialize` handshake is complete, and version
 * negotiation works as 2025-11-25 specifies: a client asking for a revision the server does not
 * support gets a result offering one it does (which the client may then accept or refuse), never
 * an error and never its own unsupported revision echoed back.
 */
export const legacyInitialize = defineCheck<ConformanceParams, LegacyInitializeLabel>({
  id: 'legacy-initialize',
  kind: 'conformance',
  requirements: ['L11', 'L12', 'L13'],
  title: 'initialize negotiates the version',
  summary: 'initialize returns a complete result, and a request for an unsupported revision gets a counter-offer rather than an error.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<LegacyInitializeLabel>> {
    const skip = unlessLegacy(ctx.connection);
    if (skip) return skip;
    if (!handshakeComplete(ctx.connection.handshake.result)) return { status: 'fail', label: 'handshake-incomplete' };
    const exchange = await offerUnsupported(ctx);
    const measurements = answerMeasurements(exchange);
    if (exchange.outcome === 'error') return { status: 'fail', label: 'no-counter-offer', measurements };
    if (exchange.outcome === 'transport-failure') {
      return { status: 'fail', label: exchange.failure === 'http-status' ? 'no-counter-offer' : 'no-answer', measurements };
    }
    const offered = exchange.result.protocolVersion;
    if (offered === UNSUPPORTED_LEGACY_VERSION) return { status: 'fail', label: 'unsupported-version-accepted', measurements };
    if (typeof offered !== 'string' || !REVISION.test(offered)) return { status: 'fail', label: 'counter-offer-malformed', measurements };
    return { status: 'pass', label: 'version-negotiated', measurements };
  },
});
