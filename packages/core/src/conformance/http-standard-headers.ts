import type { JsonObject } from '@mcp-eval/protocol';
import { ERROR_CODES } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, declares, unlessHttp, unlessModern } from './support/applicability.js';
import type { AcceptLabel } from './support/accept-probes.js';
import { acceptLabels, acceptResult } from './support/accept-probes.js';
import type { ErrorProbe, ProbeLabel } from './support/error-probes.js';
import { probeLabels, runErrorProbes } from './support/error-probes.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { base64HeaderValue, NON_ASCII_SUFFIX } from './support/header-parameter.js';
import { modernRequest } from './support/raw-request.js';
import { missingResourceUri, unknownName } from './support/unknown-names.js';

const PROBES = {
  'method-header-missing': 'A tools/list request without the Mcp-Method header',
  'tool-name-header-missing': 'A tools/call request without the Mcp-Name header',
  'tool-name-header-mismatch': 'A tools/call request whose Mcp-Name header names another tool than the body',
  'resource-name-header-missing': 'A resources/read request without the Mcp-Name header (only when resources are declared)',
  'prompt-name-header-missing': 'A prompts/get request without the Mcp-Name header (only when prompts are declared)',
} as const;

type Probe = keyof typeof PROBES;

const ACCEPT_PROBES = {
  'tool-name-header-base64': 'A tools/call whose Mcp-Name header carries the body’s tool name in the Base64 form',
} as const;
type AcceptProbe = keyof typeof ACCEPT_PROBES;

export type HttpStandardHeadersLabel =
  'headers-required' | ProbeLabel<Probe> | AcceptLabel<AcceptProbe> | 'era-legacy' | 'not-applicable-stdio';

const LABELS: Record<HttpStandardHeadersLabel, string> = {
  'headers-required':
    'Requests missing Mcp-Method, or Mcp-Name where the method needs it, or naming the wrong target, got -32020 with HTTP 400.',
  ...probeLabels(PROBES),
  ...acceptLabels(ACCEPT_PROBES),
  'era-legacy': SKIP_LABELS['era-legacy'],
  'not-applicable-stdio': SKIP_LABELS['not-applicable-stdio'],
};

/**
 * Assertion 7: on Streamable HTTP every 2026-07-28 request carries `Mcp-Method`, and `tools/call`,
 * `resources/read` and `prompts/get` also carry `Mcp-Name` (SEP-2243); the server enforces both, so
 * a missing or mismatched header is -32020 with HTTP 400. Only declared surfaces are probed, and
 * every probe names a tool, resource or prompt that does not exist, so a server that ignores the
 * headers answers "not found" instead of doing anything.
 */
export const httpStandardHeaders = defineCheck<ConformanceParams, HttpStandardHeadersLabel>({
  id: 'http-standard-headers',
  kind: 'conformance',
  requirements: ['M42', 'M43', 'M98'],
  title: 'Mcp-Method and Mcp-Name are required',
  summary:
    'Streamable HTTP requests must carry Mcp-Method, and Mcp-Name on tools/call, resources/read and prompts/get; a missing or mismatched one is -32020 with HTTP 400.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<HttpStandardHeadersLabel>> {
    const skip = unlessModern(ctx.connection) ?? unlessHttp(ctx.connection);
    if (skip) return skip;
    const { connection } = ctx;
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
    const expected = { codes: [ERROR_CODES.headerMismatch], httpStatus: 400 };
    const send = (method: string, params: JsonObject, headers: Record<string, string | null>) => () =>
      connection.sendRaw({ body: modernRequest(method, params), headers }, options);
    const tool = { name: unknownName('tool'), arguments: {} };
    const probes: ErrorProbe<Probe>[] = [
      { probe: 'method-header-missing', expected, send: send('tools/list', {}, { 'mcp-method': null }) },
      { probe: 'tool-name-header-missing', expected, send: send('tools/call', tool, { 'mcp-name': null }) },
      { probe: 'tool-name-header-mismatch', expected, send: send('tools/call', tool, { 'mcp-name': unknownName('tool') }) },
    ];
    if (declares(connection, 'resources')) {
      probes.push({
        probe: 'resource-name-header-missing',
        expected,
        send: send('resources/read', { uri: missingResourceUri(undefined) }, { 'mcp-name': null }),
      });
    }
    if (declares(connection, 'prompts')) {
      probes.push({
        probe: 'prompt-name-header-missing',
        expected,
        send: send('prompts/get', { name: unknownName('prompt') }, { 'mcp-name': null }),
      });
    }
    const run = await runErrorProbes(probes);
    // Value encoding: a Base64 Mcp-Name is decoded before comparing (the name is unknown, so "not found" is the answer).
    const nonAscii = { ...tool, name: `${tool.name}${NON_ASCII_SUFFIX}` };
    const encoded = await send('tools/call', nonAscii, { 'mcp-name': base64HeaderValue(nonAscii.name) })();
    const result = acceptResult(encoded);
    const label: AcceptLabel<AcceptProbe> = `tool-name-header-base64-${result}`;
    const findings = [...run.findings, { label, measurements: answerMeasurements(encoded) }];
    const failure = run.failure ?? (result === 'accepted' ? undefined : label);
    const measurements = { probes: findings.length };
    if (failure) return { status: 'fail', label: failure, measurements, findings };
    return { status: 'pass', label: 'headers-required', measurements, findings };
  },
});
