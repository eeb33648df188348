import type { Exchange, JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';
import { ERROR_CODES } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessDeclared, unlessModern } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { placeholderArguments } from './support/placeholder-arguments.js';
import { readOnlyTools } from './support/read-only-tools.js';
import { catalogTools } from '../catalog/catalog-snapshot.js';

const LABELS = {
  'capability-error-honest':
    'A tool that needs a client capability the request did not declare answered -32021 (HTTP 400) naming the capabilities it requires.',
  'input-requested-without-capability':
    'A tool asked for input (elicitation, sampling or roots) although the request declared no client capabilities, instead of answering -32021.',
  'required-capabilities-missing':
    'The -32021 error did not carry data.requiredCapabilities, so a client cannot tell what to declare on a retry.',
  'wrong-http-status': 'The -32021 error came with an HTTP status other than 400 (httpStatus says which).',
  'no-capability-requirement-found':
    'Skipped: no tool the server declares read-only needed a client capability (candidates says how many were tried; other tools are never called).',
  'era-legacy': SKIP_LABELS['era-legacy'],
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
} as const;

export type MissingCapabilityErrorLabel = keyof typeof LABELS;

/** Read-only tools tried at most: enough to find one that asks for input, bounded on big catalogs. */
const MAX_CANDIDATES = 20;

/** The client capability each embedded request method needs (SEP-2322). */
const NEEDS_CAPABILITY: Readonly<Record<string, string>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

function asksForInput(exchange: Exchange): boolean {
  if (exchange.outcome !== 'result' || exchange.result.resultType !== 'input_required') return false;
  const requests = isRecord(exchange.result.inputRequests) ? Object.values(exchange.result.inputRequests) : [];
  return requests.some(
    (request) => isRecord(request) && typeof request.method === 'string' && Object.hasOwn(NEEDS_CAPABILITY, request.method),
  );
}

/**
 * Assertion 6, the -32021 part, "where the server can require one". Nothing in a catalog says which
 * tool needs a client capability, so it is observed: each tool the server declares read-only
 * (never any other) is called once with placeholder arguments and no client capabilities. The first
 * that needs one decides: -32021 with `data.requiredCapabilities` (HTTP 400) passes; an
 * `input_required` asking for what was never declared fails. When none needs one, the case is
 * skipped, not passed.
 */
export const missingCapabilityError = defineCheck<ConformanceParams, MissingCapabilityErrorLabel>({
  id: 'missing-capability-error',
  kind: 'conformance',
  requirements: ['M8', 'M13', 'M57'],
  title: 'Missing client capability is -32021',
  summary:
    'A request needing a client capability it did not declare gets -32021 with data.requiredCapabilities (HTTP 400), not a request for input.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<MissingCapabilityErrorLabel>> {
    const skip = unlessModern(ctx.connection) ?? unlessDeclared(ctx.connection, 'tools');
    if (skip) return skip;
    const walk = await catalogTools(ctx);
    const candidates = readOnlyTools(walk.items).slice(0, MAX_CANDIDATES);
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal, clientCapabilities: {} as JsonObject };
    for (const [index, tool] of candidates.entries()) {
      const name = tool.name as string;
      const exchange = await ctx.connection.request('tools/call', { name, arguments: placeholderArguments(tool.inputSchema) }, options);
      const measurements = { ...answerMeasurements(exchange), candidates: index + 1 };
      if (asksForInput(exchange)) return { status: 'fail', label: 'input-requested-without-capability', tool: name, measurements };
      if (exchange.outcome !== 'error' || exchange.error.code !== ERROR_CODES.missingClientCapability) continue;
      if (exchange.httpStatus !== undefined && exchange.httpStatus !== 400)
        return { status: 'fail', label: 'wrong-http-status', tool: name, measurements };
      const data = exchange.error.data;
      if (!isRecord(data) || !isRecord(data.requiredCapabilities))
        return { status: 'fail', label: 'required-capabilities-missing', tool: name, measurements };
      return { status: 'pass', label: 'capability-error-honest', tool: name, measurements };
    }
    return { status: 'skip', label: 'no-capability-requirement-found', measurements: { candidates: candidates.length } };
  },
});
