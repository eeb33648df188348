import type { Exchange, JsonObject } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import type { Finding } from '../record.js';
import { defineCheck } from '../check.js';
import { declares } from './support/applicability.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { unknownName } from './support/unknown-names.js';

/**
 * Each capability a server must declare to serve it, and the read-only request that uses it. The
 * completion names a prompt no server has, so a server that does serve it can only answer "none".
 */
const SURFACES = {
  tools: { method: 'tools/list', params: (): JsonObject => ({}) },
  resources: { method: 'resources/list', params: (): JsonObject => ({}) },
  prompts: { method: 'prompts/list', params: (): JsonObject => ({}) },
  completions: {
    method: 'completion/complete',
    params: (): JsonObject => ({ ref: { type: 'ref/prompt', name: unknownName('prompt') }, argument: { name: 'x', value: '' } }),
  },
} as const;

type Surface = keyof typeof SURFACES;

export type DeclaredCapabilitiesLabel =
  'undeclared-surfaces-refused' | `${Surface}-refused` | `${Surface}-served-undeclared` | 'no-answer' | 'everything-declared';

function surfaceLabels(): Record<`${Surface}-refused` | `${Surface}-served-undeclared`, string> {
  const labels: Record<string, string> = {};
  for (const [surface, { method }] of Object.entries(SURFACES)) {
    labels[`${surface}-refused`] = `Finding: ${surface} is not declared and ${method} was refused (an error, not a result).`;
    labels[`${surface}-served-undeclared`] =
      `${surface} is not declared, yet ${method} was answered with a result: the server supports a feature it does not declare.`;
  }
  return labels as Record<`${Surface}-refused` | `${Surface}-served-undeclared`, string>;
}

const LABELS: Record<DeclaredCapabilitiesLabel, string> = {
  'undeclared-surfaces-refused':
    'Every server feature the server does not declare (tools, resources, prompts, completions) was refused when used: it serves only what it declares.',
  ...surfaceLabels(),
  'no-answer': 'A probe of an undeclared feature got no answer at all: timeout, crash or closed connection.',
  'everything-declared':
    'Skipped: the server declares tools, resources, prompts and completions, so there is no undeclared feature to probe.',
};

function verdict(surface: Surface, exchange: Exchange): DeclaredCapabilitiesLabel {
  if (exchange.outcome === 'result') return `${surface}-served-undeclared`;
  if (exchange.outcome === 'error') return `${surface}-refused`;
  // An HTTP rejection without a JSON-RPC body still refused it; silence is something else.
  return exchange.failure === 'http-status' && (exchange.httpStatus ?? 0) < 500 ? `${surface}-refused` : 'no-answer';
}

/**
 * Both revisions, server features (Tools, Resources, Prompts, Completion: "Servers that support …
 * MUST declare the … capability"): a server that answers a feature's request with a result supports
 * it, so it must have declared it. Each undeclared feature's read-only request is sent; a result
 * fails. A server that declares all four has nothing to probe and is skipped.
 */
export const declaredCapabilities = defineCheck<ConformanceParams, DeclaredCapabilitiesLabel>({
  id: 'declared-capabilities',
  kind: 'conformance',
  requirements: ['L41', 'L48', 'L55', 'L59', 'M63', 'M70', 'M76', 'M81'],
  title: 'Only declared features are served',
  summary:
    'A server that serves tools, resources, prompts or completions declares that capability: the request of each undeclared feature is refused.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<DeclaredCapabilitiesLabel>> {
    const { connection } = ctx;
    const undeclared = (Object.keys(SURFACES) as Surface[]).filter((surface) => !declares(connection, surface));
    if (undeclared.length === 0) return { status: 'skip', label: 'everything-declared' };
    const findings: Finding[] = [];
    let failure: DeclaredCapabilitiesLabel | undefined;
    for (const surface of undeclared) {
      const { method, params } = SURFACES[surface];
      const exchange = await connection.request(method, params(), { timeoutMs: ctx.timeoutMs, signal: ctx.signal });
      const label = verdict(surface, exchange);
      findings.push({ label, ...(exchange.httpStatus === undefined ? {} : { measurements: { httpStatus: exchange.httpStatus } }) });
      if (!label.endsWith('-refused')) failure ??= label;
    }
    const measurements = { probes: undeclared.length };
    if (failure) return { status: 'fail', label: failure, measurements, findings };
    return { status: 'pass', label: 'undeclared-surfaces-refused', measurements, findings };
  },
});
