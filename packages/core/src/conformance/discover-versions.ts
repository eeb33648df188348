import type { Exchange } from '@mcp-eval/protocol';
import { isRecord, MODERN_PROTOCOL_VERSION } from '@mcp-eval/protocol';

import type { CheckContext, Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { modernRequest } from './support/raw-request.js';

const LABELS = {
  'discover-valid': 'server/discover answered with supportedVersions listing 2026-07-28 and a capabilities object.',
  'supported-versions-missing': 'server/discover answered without a non-empty supportedVersions array of strings.',
  'version-not-offered': 'server/discover answered, but supportedVersions does not list 2026-07-28, the revision MCP Eval speaks.',
  'capabilities-missing': 'server/discover answered without a capabilities object.',
  'discover-error': 'The server speaks 2026-07-28 but answered server/discover with an error (code in jsonRpcCode, status in httpStatus).',
  'discover-failed':
    'The server speaks 2026-07-28 but server/discover got no answer (timeout, crash, closed connection, unparseable reply).',
  'era-legacy': SKIP_LABELS['era-legacy'],
} as const;

export type DiscoverVersionsLabel = keyof typeof LABELS;

/**
 * On a legacy connection the server has not shown it speaks 2026-07-28 yet, so the probe is a
 * hand-built modern request: the session header is dropped and the modern headers set, as a
 * 2026-07-28 client would send it.
 */
async function discover(ctx: CheckContext): Promise<Exchange> {
  const { connection } = ctx;
  const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
  if (connection.era === 'modern') return connection.request('server/discover', {}, options);
  const headers = { 'mcp-session-id': null, 'mcp-protocol-version': MODERN_PROTOCOL_VERSION, 'mcp-method': 'server/discover' };
  return connection.sendRaw({ body: modernRequest('server/discover'), headers }, options);
}

/**
 * Assertion 1: `server/discover` responds and lists a version we speak. Sent afresh (the handshake
 * is only how the era was chosen). A legacy-only server (one that does not implement discover)
 * is skipped; a server that implements discover but offers none of our versions fails.
 */
export const discoverVersions = defineCheck<ConformanceParams, DiscoverVersionsLabel>({
  id: 'discover-versions',
  kind: 'conformance',
  requirements: ['M18', 'M22'],
  title: 'server/discover lists a supported version',
  summary: 'server/discover answers with a supportedVersions list that includes 2026-07-28 and a capabilities object.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<DiscoverVersionsLabel>> {
    const exchange = await discover(ctx);
    const modern = ctx.connection.era === 'modern';
    const measurements = answerMeasurements(exchange);
    if (exchange.outcome === 'transport-failure' && exchange.failure !== 'http-status') {
      return modern ? { status: 'fail', label: 'discover-failed', measurements } : { status: 'skip', label: 'era-legacy', measurements };
    }
    // A legacy server rejects discover (an error, or an HTTP 4xx): it simply is not a modern server.
    if (exchange.outcome !== 'result')
      return modern ? { status: 'fail', label: 'discover-error', measurements } : { status: 'skip', label: 'era-legacy', measurements };
    const { supportedVersions, capabilities } = exchange.result;
    const versions = Array.isArray(supportedVersions) ? supportedVersions : [];
    const counted = { ...measurements, supportedVersions: versions.length };
    if (versions.length === 0 || !versions.every((v) => typeof v === 'string')) {
      return { status: 'fail', label: 'supported-versions-missing', measurements: counted };
    }
    if (!versions.includes(MODERN_PROTOCOL_VERSION)) return { status: 'fail', label: 'version-not-offered', measurements: counted };
    if (!isRecord(capabilities)) return { status: 'fail', label: 'capabilities-missing', measurements: counted };
    return { status: 'pass', label: 'discover-valid', measurements: counted };
  },
});
