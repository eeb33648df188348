import type { Exchange, JsonValue } from '@mcp-eval/protocol';
import { ERROR_CODES, pushAll } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { Finding } from '../record.js';
import { SKIP_LABELS, unlessDeclared, unlessHttp, unlessModern } from './support/applicability.js';
import type { ErrorProbe, ProbeLabel } from './support/error-probes.js';
import { probeLabels, runErrorProbes } from './support/error-probes.js';
import type { AcceptLabel } from './support/accept-probes.js';
import { acceptLabels, acceptResult } from './support/accept-probes.js';
import { answerMeasurements } from './support/expected-error.js';
import type { HeaderParameter } from './support/header-parameter.js';
import {
  argumentsWith,
  base64HeaderValue,
  headerParameter,
  headerText,
  headerValues,
  NON_ASCII_SUFFIX,
} from './support/header-parameter.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { modernRequest } from './support/raw-request.js';
import { readOnlyTools } from './support/read-only-tools.js';
import { catalogTools } from '../catalog/catalog-snapshot.js';

/** Not canonical Base64 inside the sentinel: a value the server must refuse, not treat as literal. */
const BAD_BASE64 = '=?base64?!!!?=';

const REJECT_PROBES = {
  'header-missing': 'A tools/call whose x-mcp-header argument is in the body but its Mcp-Param-* header is absent',
  'header-mismatch': 'A tools/call whose Mcp-Param-* header names another value than the body',
  'header-bad-encoding': 'A tools/call whose Mcp-Param-* header is the Base64 sentinel around invalid Base64',
} as const;
type RejectProbe = keyof typeof REJECT_PROBES;

const ACCEPT_PROBES = {
  'header-matching': 'A tools/call whose Mcp-Param-* header carries the body’s value plainly',
  'header-base64': 'A tools/call whose non-ASCII string argument is carried Base64-encoded in its Mcp-Param-* header',
} as const;
type AcceptProbe = keyof typeof ACCEPT_PROBES;
export type ParamHeadersLabel =
  | 'param-headers-enforced'
  | ProbeLabel<RejectProbe>
  | AcceptLabel<AcceptProbe>
  | 'no-header-parameter'
  | 'era-legacy'
  | 'not-applicable-stdio'
  | 'capability-not-declared';

const LABELS: Record<ParamHeadersLabel, string> = {
  'param-headers-enforced':
    'Mcp-Param-* headers agreeing with the body (plain and Base64) were accepted; a missing, disagreeing or badly encoded one got -32020 with HTTP 400.',
  ...probeLabels(REJECT_PROBES),
  ...acceptLabels(ACCEPT_PROBES),
  'no-header-parameter': 'Skipped: no read-only tool marks a top-level string, integer or boolean parameter x-mcp-header.',
  'era-legacy': SKIP_LABELS['era-legacy'],
  'not-applicable-stdio': SKIP_LABELS['not-applicable-stdio'],
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
};

/**
 * 2026-07-28 Streamable HTTP (Custom headers from tool parameters, SEP-2243): for a tool parameter
 * marked `x-mcp-header`, the server checks `Mcp-Param-{Name}` against the body: absent while the
 * body has the value, disagreeing, or a Base64 sentinel that does not decode is 400 -32020; the
 * Base64 form of a non-ASCII value is decoded and accepted. Only a read-only tool is ever called,
 * with placeholder arguments; the accepting probes come first, so a server that refuses every
 * header does not pass. The connection sends header names lower-cased, unlike the declared
 * `Mcp-Param-{Name}`, so the matching probe also proves names are compared case-insensitively.
 */
export const paramHeaders = defineCheck<ConformanceParams, ParamHeadersLabel>({
  id: 'param-headers',
  kind: 'conformance',
  requirements: ['M44', 'M45', 'M46', 'M48'],
  title: 'Mcp-Param-* headers are checked against the body',
  summary:
    'On 2026-07-28 Streamable HTTP, an x-mcp-header parameter’s Mcp-Param-* header must agree with the body (Base64 decoded first); missing, disagreeing or badly encoded is -32020 with HTTP 400.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<ParamHeadersLabel>> {
    const skip = unlessModern(ctx.connection) ?? unlessHttp(ctx.connection) ?? unlessDeclared(ctx.connection, 'tools');
    if (skip) return skip;
    const { connection } = ctx;
    const walk = await catalogTools(ctx);
    const parameter = readOnlyTools(walk.items)
      .map(headerParameter)
      .find((p) => p !== undefined);
    if (parameter === undefined) return { status: 'skip', label: 'no-header-parameter' };
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
    const call = (value: JsonValue, header: string | null) => () =>
      connection.sendRaw(
        {
          body: modernRequest('tools/call', { name: parameter.tool, arguments: argumentsWith(parameter, value) }),
          headers: { [parameter.header]: header },
        },
        options,
      );
    const { value, other } = headerValues(parameter.type);
    const findings: Finding[] = [];
    let failure: ParamHeadersLabel | undefined;
    for (const [probe, send] of acceptProbes(parameter, value, call)) {
      const exchange = await send();
      const result = acceptResult(exchange);
      const label: AcceptLabel<AcceptProbe> = `${probe}-${result}`;
      if (result !== 'accepted') failure ??= label;
      findings.push({ label, measurements: answerMeasurements(exchange) });
    }
    const expected = { codes: [ERROR_CODES.headerMismatch], httpStatus: 400 };
    const probes: ErrorProbe<RejectProbe>[] = [
      { probe: 'header-missing', expected, send: call(value, null) },
      { probe: 'header-mismatch', expected, send: call(value, headerText(other)) },
      { probe: 'header-bad-encoding', expected, send: call(value, BAD_BASE64) },
    ];
    const rejections = await runErrorProbes(probes);
    pushAll(findings, rejections.findings);
    failure ??= rejections.failure;
    const base = { tool: parameter.tool, measurements: { probes: findings.length }, findings };
    if (failure !== undefined) return { status: 'fail', label: failure, ...base };
    return { status: 'pass', label: 'param-headers-enforced', ...base };
  },
});

function acceptProbes(
  parameter: HeaderParameter,
  value: JsonValue,
  call: (value: JsonValue, header: string | null) => () => Promise<Exchange>,
): [AcceptProbe, () => Promise<Exchange>][] {
  const probes: [AcceptProbe, () => Promise<Exchange>][] = [['header-matching', call(value, headerText(value))]];
  if (parameter.type === 'string') {
    const text = `${headerText(value)}${NON_ASCII_SUFFIX}`;
    probes.push(['header-base64', call(text, base64HeaderValue(text))]);
  }
  return probes;
}
