import type { Exchange, JsonObject, ResultExchange } from '@mcp-eval/protocol';
import { ERROR_CODES, isRecord } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessDeclared, unlessModern } from './support/applicability.js';
import { answerMeasurements, compareError } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { placeholderArguments } from './support/placeholder-arguments.js';
import { readOnlyTools } from './support/read-only-tools.js';
import { catalogTools } from '../catalog/catalog-snapshot.js';

const LABELS = {
  'input-rounds-honest':
    'A read-only tool asked for input with a well-formed input_required result, answered the retry (new id, inputResponses, byte-exact requestState), and answered -32021 when the envelope lacked the capability.',
  'input-required-shape-invalid':
    'An input_required result carried neither inputRequests nor requestState, or an input request that is not an object with a method and params, or a requestState that is not a string.',
  'undeclared-input-requested': 'The server asked for input (sampling or roots) that the request did not declare a capability for.',
  'retry-rejected':
    'The retry carrying inputResponses and the echoed requestState was answered with an error or not at all (jsonRpcCode or httpStatus says which).',
  'rounds-exhausted': 'The server kept asking for input after MAX_INPUT_ROUNDS answered rounds (rounds says how many).',
  'interim-result-cacheable':
    'An input_required result carried ttlMs or cacheScope: interim results are not cacheable and carry no caching hints (Server features › Caching).',
  'retry-result-cacheable':
    'The result of the retry carried ttlMs above 0: a result produced by an MRTR retry must not be cached (Server features › Caching).',
  'capability-not-enforced':
    'Without elicitation in the envelope the same call asked for input or was served, instead of answering -32021 (Patterns › MRTR).',
  'capability-error-wrong': 'Without elicitation in the envelope the call failed, but not with -32021 under HTTP 400.',
  'no-input-request-found':
    'Skipped: no tool the server declares read-only asked for input (candidates says how many were tried; other tools are never called).',
  'era-legacy': SKIP_LABELS['era-legacy'],
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
} as const;

export type InputRequiredRoundsLabel = keyof typeof LABELS;

/** Read-only tools tried at most to find one that asks for input, bounded on big catalogs. */
const MAX_CANDIDATES = 20;
/** Answered rounds before a server still asking for input is failed: one is what a form needs. */
const MAX_INPUT_ROUNDS = 3;
/** The only capability the probe declares, so any other input request is one it did not declare. */
const ELICITATION_ONLY: JsonObject = { elicitation: { form: {} } };
/** -32021 comes with HTTP 400 over Streamable HTTP (Base protocol › Client capabilities). */
const MISSING_CAPABILITY_HTTP_STATUS = 400;

type Shape = 'valid' | 'invalid' | 'undeclared';

function asksForInput(exchange: Exchange): exchange is ResultExchange {
  return exchange.outcome === 'result' && exchange.result.resultType === 'input_required';
}

/** SEP-2322: at least one of inputRequests and requestState; each request a method with params. */
function shapeOf(result: JsonObject): Shape {
  const { inputRequests, requestState } = result;
  if (inputRequests !== undefined && !isRecord(inputRequests)) return 'invalid';
  if (requestState !== undefined && typeof requestState !== 'string') return 'invalid';
  const requests = isRecord(inputRequests) ? Object.values(inputRequests) : [];
  if (requests.length === 0 && requestState === undefined) return 'invalid';
  if (!requests.every((r) => isRecord(r) && typeof r.method === 'string' && isRecord(r.params))) return 'invalid';
  return requests.every((r) => isRecord(r) && r.method === 'elicitation/create') ? 'valid' : 'undeclared';
}

/** Caching hints (SEP-2549) on a result: an interim input_required result must carry none. */
function hasCachingHints(result: JsonObject): boolean {
  return result.ttlMs !== undefined || result.cacheScope !== undefined;
}

/** How long a result says it may be cached (0 when it says nothing usable): a retry's must be 0. */
function cacheableFor(result: JsonObject): number {
  return typeof result.ttlMs === 'number' && Number.isFinite(result.ttlMs) ? Math.max(0, result.ttlMs) : 0;
}

/** An accepted form for every elicitation, its content the plainest value the requested schema admits. */
function responsesFor(result: JsonObject): JsonObject {
  const requests = isRecord(result.inputRequests) ? result.inputRequests : {};
  const entries = Object.entries(requests).map(([key, request]) => {
    const params = isRecord(request) && isRecord(request.params) ? request.params : {};
    return [key, { action: 'accept', content: placeholderArguments(params.requestedSchema) }] as const;
  });
  return Object.fromEntries(entries);
}

/**
 * 2026-07-28, both transports (Patterns › MRTR, SEP-2322). Each read-only tool (never another) is
 * called with only elicitation declared until one answers input_required. That result must be
 * well-formed; the retry, the same call on a new id with `inputResponses` and the `requestState`
 * echoed byte for byte, must be answered (within MAX_INPUT_ROUNDS); and the same call with no
 * capability declared must be -32021 (HTTP 400). Neither an input_required result nor the retry's
 * result may say it is cacheable (Caching: interim results carry no hints, retry results must not
 * be cached). No tool asking for input is a skip, not a pass.
 */
export const inputRequiredRounds = defineCheck<ConformanceParams, InputRequiredRoundsLabel>({
  id: 'input-required-rounds',
  kind: 'conformance',
  requirements: ['M13', 'M56', 'M57', 'M80', 'M92'],
  title: 'input_required rounds complete',
  summary:
    'A read-only tool asking for input returns a well-formed input_required, answers the retry with inputResponses and the byte-exact requestState, and is -32021 without the capability.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<InputRequiredRoundsLabel>> {
    const skip = unlessModern(ctx.connection) ?? unlessDeclared(ctx.connection, 'tools');
    if (skip) return skip;
    const { connection } = ctx;
    const walk = await catalogTools(ctx);
    const candidates = readOnlyTools(walk.items).slice(0, MAX_CANDIDATES);
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal, clientCapabilities: ELICITATION_ONLY };
    for (const [index, tool] of candidates.entries()) {
      const name = tool.name as string;
      const params: JsonObject = { name, arguments: placeholderArguments(tool.inputSchema) };
      let exchange = await connection.request('tools/call', params, options);
      if (!asksForInput(exchange)) continue;
      const base = { tool: name, measurements: { candidates: index + 1 } };
      for (let rounds = 0; asksForInput(exchange); rounds += 1) {
        const shape = shapeOf(exchange.result);
        if (shape === 'invalid') return { status: 'fail', label: 'input-required-shape-invalid', ...base };
        if (shape === 'undeclared') return { status: 'fail', label: 'undeclared-input-requested', ...base };
        if (hasCachingHints(exchange.result))
          return { status: 'fail', label: 'interim-result-cacheable', tool: name, measurements: { rounds } };
        if (rounds === MAX_INPUT_ROUNDS) return { status: 'fail', label: 'rounds-exhausted', tool: name, measurements: { rounds } };
        const { requestState } = exchange.result;
        const retry: JsonObject = {
          ...params,
          inputResponses: responsesFor(exchange.result),
          ...(typeof requestState === 'string' && { requestState }),
        };
        exchange = await connection.request('tools/call', retry, options);
        if (exchange.outcome !== 'result')
          return { status: 'fail', label: 'retry-rejected', tool: name, measurements: { ...answerMeasurements(exchange), rounds } };
        const ttlMs = cacheableFor(exchange.result);
        if (!asksForInput(exchange) && ttlMs > 0)
          return { status: 'fail', label: 'retry-result-cacheable', tool: name, measurements: { ttlMs } };
      }
      const bare = await connection.request('tools/call', params, { ...options, clientCapabilities: {} });
      const measurements = { ...answerMeasurements(bare), candidates: index + 1 };
      const expected = { codes: [ERROR_CODES.missingClientCapability], httpStatus: MISSING_CAPABILITY_HTTP_STATUS };
      const verdict = compareError(bare, expected);
      if (verdict.kind === 'served') return { status: 'fail', label: 'capability-not-enforced', tool: name, measurements };
      if (verdict.kind !== 'expected') return { status: 'fail', label: 'capability-error-wrong', tool: name, measurements };
      return { status: 'pass', label: 'input-rounds-honest', tool: name, measurements };
    }
    return { status: 'skip', label: 'no-input-request-found', measurements: { candidates: candidates.length } };
  },
});
