import type { Exchange } from '@mcp-eval/protocol';
import { isRecord, LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessModern } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { legacyRequest } from './support/raw-request.js';

const LABELS = {
  'supported-versions-named': `The server refused initialize with an error whose data.supported lists the revisions it supports, ${MODERN_PROTOCOL_VERSION} among them.`,
  'supported-list-missing':
    'The error refusing initialize carries no data.supported list of revision strings (jsonRpcCode says which error).',
  'supported-list-incomplete': `The data.supported list in the error refusing initialize leaves out ${MODERN_PROTOCOL_VERSION}, the revision this connection speaks.`,
  'refused-without-json-rpc-error':
    'initialize was refused with a bare HTTP status and no JSON-RPC error (httpStatus says which), so nothing names the supported revisions.',
  'no-answer': 'initialize got no answer: timeout, crash, closed connection or an unparseable reply.',
  'initialize-served':
    'Skipped: the server answers initialize with a result (it also speaks the legacy era), and the requirement is about servers that do not.',
  'era-legacy': SKIP_LABELS['era-legacy'],
} as const;

export type InitializeRefusalLabel = keyof typeof LABELS;

function supportedList(exchange: Exchange): readonly unknown[] | undefined {
  const data = exchange.outcome === 'error' ? exchange.error.data : undefined;
  return isRecord(data) && Array.isArray(data.supported) ? data.supported : undefined;
}

/**
 * 2026-07-28, Versioning › Backward compatibility: a server that does not serve `initialize` (it
 * dropped the legacy era) SHOULD name the versions it supports in its error, the way -32022 does in
 * `data.supported`, so an older client can tell it to upgrade rather than that the server is broken.
 * Decided from a real `initialize` (2025-11-25, sent raw on the 2026-07-28 connection): a result
 * means the server also speaks the legacy era, and the assertion does not apply. It goes on a
 * fresh connection (a new process over stdio, after that process's own 2026-07-28 handshake).
 */
export const initializeRefusal = defineCheck<ConformanceParams, InitializeRefusalLabel>({
  id: 'initialize-refusal',
  kind: 'conformance',
  requirements: ['M20'],
  level: 'should',
  title: 'A refused initialize names the supported versions',
  summary: 'A 2026-07-28 server that does not serve initialize names its supported revisions (data.supported) in the error (a SHOULD).',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<InitializeRefusalLabel>> {
    const skip = unlessModern(ctx.connection);
    if (skip) return skip;
    const params = {
      protocolVersion: LEGACY_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'mcp-eval-conformance', version: '1' },
    };
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
    // A fresh connection: an initialize the server serves must not re-pin the run's shared one to the legacy era.
    const fresh = await ctx.openConnection();
    // Sent as a 2025-11-25 client sends its first request: no revision or method headers.
    const exchange = await fresh.sendRaw(
      { body: legacyRequest('initialize', params), headers: { 'mcp-protocol-version': null, 'mcp-method': null } },
      options,
    );
    const measurements = answerMeasurements(exchange);
    if (exchange.outcome === 'result') return { status: 'skip', label: 'initialize-served', measurements };
    if (exchange.outcome === 'transport-failure') {
      const refused = exchange.failure === 'http-status' && (exchange.httpStatus ?? 0) < 500;
      return { status: 'fail', label: refused ? 'refused-without-json-rpc-error' : 'no-answer', measurements };
    }
    const supported = supportedList(exchange);
    if (supported === undefined || supported.length === 0 || !supported.every((v) => typeof v === 'string'))
      return { status: 'fail', label: 'supported-list-missing', measurements };
    const named = { ...measurements, supportedVersions: supported.length };
    if (!supported.includes(MODERN_PROTOCOL_VERSION)) return { status: 'fail', label: 'supported-list-incomplete', measurements: named };
    return { status: 'pass', label: 'supported-versions-named', measurements: named };
  },
});
