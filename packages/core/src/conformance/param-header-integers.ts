import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { catalogTools } from '../catalog/catalog-snapshot.js';
import type { Finding } from '../record.js';
import type { AcceptLabel } from './support/accept-probes.js';
import { acceptLabels, acceptResult } from './support/accept-probes.js';
import { SKIP_LABELS, unlessDeclared, unlessHttp, unlessModern } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import { argumentsWith, headerParameters, headerText, headerValues } from './support/header-parameter.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { modernRequest } from './support/raw-request.js';
import { readOnlyTools } from './support/read-only-tools.js';

const PROBES = {
  'integer-plain': 'A tools/call whose integer x-mcp-header argument is carried in its Mcp-Param-* header as the same decimal',
  'integer-decimal': 'A tools/call whose integer argument (7) is carried in its Mcp-Param-* header as the numerically equal 7.0',
} as const;
type Probe = keyof typeof PROBES;

export type ParamHeaderIntegersLabel =
  | 'integers-compared-numerically'
  | AcceptLabel<Probe>
  | 'no-integer-header-parameter'
  | 'era-legacy'
  | 'not-applicable-stdio'
  | 'capability-not-declared';

const LABELS: Record<ParamHeaderIntegersLabel, string> = {
  'integers-compared-numerically': 'An integer Mcp-Param-* header was accepted both as the decimal and as the numerically equal 7.0.',
  ...acceptLabels(PROBES),
  'no-integer-header-parameter': 'Skipped: no read-only tool marks a top-level integer parameter x-mcp-header.',
  'era-legacy': SKIP_LABELS['era-legacy'],
  'not-applicable-stdio': SKIP_LABELS['not-applicable-stdio'],
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
};

/**
 * 2026-07-28 Streamable HTTP (Server validation, SEP-2243): a server SHOULD compare an integer
 * parameter's header and body numerically, not as strings ("`42.0` and `42` are considered
 * equal"). Only a read-only tool is called, twice: the plain decimal first, so a server refusing
 * every header fails on it instead of on the numeric comparison.
 */
export const paramHeaderIntegers = defineCheck<ConformanceParams, ParamHeaderIntegersLabel>({
  id: 'param-header-integers',
  kind: 'conformance',
  requirements: ['M49'],
  level: 'should',
  title: 'Integer Mcp-Param-* headers are compared numerically',
  summary:
    'On 2026-07-28 Streamable HTTP, an integer x-mcp-header parameter sent as 7.0 for a body of 7 is accepted (compared numerically).',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<ParamHeaderIntegersLabel>> {
    const skip = unlessModern(ctx.connection) ?? unlessHttp(ctx.connection) ?? unlessDeclared(ctx.connection, 'tools');
    if (skip) return skip;
    const { connection } = ctx;
    const walk = await catalogTools(ctx);
    const parameter = readOnlyTools(walk.items)
      .flatMap(headerParameters)
      .find((p) => p.type === 'integer');
    if (parameter === undefined) return { status: 'skip', label: 'no-integer-header-parameter' };
    const { value } = headerValues('integer');
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
    const body = modernRequest('tools/call', { name: parameter.tool, arguments: argumentsWith(parameter, value) });
    const headers: [Probe, string][] = [
      ['integer-plain', headerText(value)],
      ['integer-decimal', `${headerText(value)}.0`],
    ];
    const findings: Finding[] = [];
    let failure: ParamHeaderIntegersLabel | undefined;
    for (const [probe, header] of headers) {
      const exchange = await connection.sendRaw({ body, headers: { [parameter.header]: header } }, options);
      const label: AcceptLabel<Probe> = `${probe}-${acceptResult(exchange)}`;
      if (!label.endsWith('-accepted')) failure ??= label;
      findings.push({ label, measurements: answerMeasurements(exchange) });
    }
    const base = { tool: parameter.tool, measurements: { probes: findings.length }, findings };
    if (failure !== undefined) return { status: 'fail', label: failure, ...base };
    return { status: 'pass', label: 'integers-compared-numerically', ...base };
  },
});
