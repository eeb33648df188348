import type { JsonObject } from '@mcp-eval/protocol';
import { CLIENT_CAPABILITIES_META, ERROR_CODES } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, declares, unlessModern } from './support/applicability.js';
import type { ErrorProbe, ProbeLabel } from './support/error-probes.js';
import { probeLabels, runErrorProbes } from './support/error-probes.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { modernRequest } from './support/raw-request.js';

/** A malformed request is -32602 and, on Streamable HTTP, HTTP 400 (Base protocol, request metadata). */
const MALFORMED_HTTP_STATUS = 400;

const PROBES = {
  'capabilities-missing': 'A request whose _meta envelope names the revision but omits io.modelcontextprotocol/clientCapabilities',
} as const;

type Probe = keyof typeof PROBES;
export type EnvelopeRequiredLabel = 'envelope-enforced' | ProbeLabel<Probe> | 'era-legacy';

const LABELS: Record<EnvelopeRequiredLabel, string> = {
  'envelope-enforced': 'A request missing a required _meta envelope field was rejected with -32602 (HTTP 400 over Streamable HTTP).',
  ...probeLabels(PROBES),
  'era-legacy': SKIP_LABELS['era-legacy'],
};

/** The request the probe sends, with its envelope stripped of the client capabilities. */
function withoutCapabilities(method: string): JsonObject {
  const request = modernRequest(method);
  const params = request.params as JsonObject;
  const meta = Object.fromEntries(Object.entries(params._meta as JsonObject).filter(([key]) => key !== CLIENT_CAPABILITIES_META));
  return { ...request, params: { ...params, _meta: meta } };
}

/**
 * 2026-07-28, both transports: every request carries the `_meta` envelope, and one missing a
 * required field (here `io.modelcontextprotocol/clientCapabilities`, which the revision requires
 * so that no server infers capabilities from earlier requests) is malformed: the server MUST reject
 * it with -32602, under HTTP 400 over Streamable HTTP. The request lists tools (or, without
 * tools, discovers), which has no side effects.
 */
export const envelopeRequired = defineCheck<ConformanceParams, EnvelopeRequiredLabel>({
  id: 'envelope-required',
  kind: 'conformance',
  requirements: ['M12'],
  title: 'A request without its envelope fields is -32602',
  summary:
    'On 2026-07-28, a request whose _meta envelope lacks clientCapabilities is rejected with -32602 (HTTP 400 over Streamable HTTP).',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<EnvelopeRequiredLabel>> {
    const skip = unlessModern(ctx.connection);
    if (skip) return skip;
    const { connection } = ctx;
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
    const method = declares(connection, 'tools') ? 'tools/list' : 'server/discover';
    const expected = { codes: [ERROR_CODES.invalidParams], ...(connection.traits.httpHeaders && { httpStatus: MALFORMED_HTTP_STATUS }) };
    const probes: ErrorProbe<Probe>[] = [
      { probe: 'capabilities-missing', expected, send: () => connection.sendRaw({ body: withoutCapabilities(method) }, options) },
    ];
    const { findings, failure } = await runErrorProbes(probes);
    if (failure) return { status: 'fail', label: failure, findings };
    return { status: 'pass', label: 'envelope-enforced', findings };
  },
});
