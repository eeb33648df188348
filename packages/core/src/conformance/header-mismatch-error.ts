import { ERROR_CODES } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessHttp, unlessModern } from './support/applicability.js';
import type { ErrorProbe, ProbeLabel } from './support/error-probes.js';
import { probeLabels, runErrorProbes } from './support/error-probes.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { modernRequest } from './support/raw-request.js';

const PROBES = {
  'method-mismatch': 'A tools/list request whose Mcp-Method header names prompts/list',
  'version-mismatch': 'A request whose MCP-Protocol-Version header (2025-11-25) disagrees with its _meta envelope (2026-07-28)',
} as const;

type Probe = keyof typeof PROBES;
export type HeaderMismatchErrorLabel = 'header-mismatch-rejected' | ProbeLabel<Probe> | 'era-legacy' | 'not-applicable-stdio';

const LABELS: Record<HeaderMismatchErrorLabel, string> = {
  'header-mismatch-rejected': 'Every header that disagreed with the body was answered with -32020 and HTTP 400.',
  ...probeLabels(PROBES),
  'era-legacy': SKIP_LABELS['era-legacy'],
  'not-applicable-stdio': SKIP_LABELS['not-applicable-stdio'],
};

/**
 * Assertion 6, the -32020 part: on Streamable HTTP a header that disagrees with the body it
 * travels with is a HeaderMismatch error, -32020 with HTTP 400 (SEP-2243). Proxies and load
 * balancers route on these headers, so a server that serves the body regardless can be made to do
 * something other than what was routed. The probes are harmless if served: each is a list request.
 */
export const headerMismatchError = defineCheck<ConformanceParams, HeaderMismatchErrorLabel>({
  id: 'header-mismatch-error',
  kind: 'conformance',
  requirements: ['M39', 'M43'],
  title: 'Header mismatch is -32020',
  summary: 'A Streamable HTTP request whose Mcp-Method or MCP-Protocol-Version header disagrees with its body gets -32020 with HTTP 400.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<HeaderMismatchErrorLabel>> {
    const skip = unlessModern(ctx.connection) ?? unlessHttp(ctx.connection);
    if (skip) return skip;
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
    const expected = { codes: [ERROR_CODES.headerMismatch], httpStatus: 400 };
    const send = (headers: Record<string, string>) => () => ctx.connection.sendRaw({ body: modernRequest('tools/list'), headers }, options);
    const probes: ErrorProbe<Probe>[] = [
      { probe: 'method-mismatch', expected, send: send({ 'mcp-method': 'prompts/list' }) },
      { probe: 'version-mismatch', expected, send: send({ 'mcp-protocol-version': '2025-11-25' }) },
    ];
    const { findings, failure } = await runErrorProbes(probes);
    const measurements = { probes: probes.length };
    if (failure) return { status: 'fail', label: failure, measurements, findings };
    return { status: 'pass', label: 'header-mismatch-rejected', measurements, findings };
  },
});
