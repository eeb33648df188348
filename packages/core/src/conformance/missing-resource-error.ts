import { isRecord } from '@mcp-eval/protocol';
import { ERROR_CODES } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { SKIP_LABELS, unlessDeclared } from './support/applicability.js';
import { answerMeasurements, compareError } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { missingResourceUri } from './support/unknown-names.js';

const LABELS = {
  'not-found-honest': 'resources/read of a URI the server does not have got -32602 (Invalid params), as both eras specify.',
  'legacy-not-found-code':
    'A legacy server answered the missing resource with -32002, the code before 2026-07-28 (accepted from legacy servers only).',
  'missing-resource-served': 'resources/read of a URI the server cannot have returned a result instead of an error.',
  'wrong-error-code':
    'The missing resource got another JSON-RPC error code (jsonRpcCode says which): -32602 is required on 2026-07-28, -32602 or -32002 before.',
  'no-answer': 'resources/read of a missing URI got no answer: timeout, crash, closed connection or an unparseable reply.',
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
} as const;

export type MissingResourceErrorLabel = keyof typeof LABELS;

/**
 * Assertion 6, the resource part, both eras: reading a resource that does not exist is an honest
 * JSON-RPC error. On 2026-07-28 that is -32602 (SEP-2164, which retired -32002); legacy servers may
 * still answer -32002, which clients are told to accept. The URI reuses the scheme of a listed
 * resource on the reserved `.invalid` host, so it reaches the server's own lookup and exists nowhere.
 */
export const missingResourceError = defineCheck<ConformanceParams, MissingResourceErrorLabel>({
  id: 'missing-resource-error',
  kind: 'conformance',
  requirements: ['L51', 'M6', 'M72', 'M74'],
  title: 'Missing resource is -32602',
  summary: 'resources/read of a URI the server does not have gets -32602 (or, from a legacy server, -32002).',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<MissingResourceErrorLabel>> {
    const skip = unlessDeclared(ctx.connection, 'resources');
    if (skip) return skip;
    const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
    const listing = await ctx.connection.request('resources/list', {}, options);
    const listed = listing.outcome === 'result' && Array.isArray(listing.result.resources) ? listing.result.resources : [];
    const known = listed.map((item) => (isRecord(item) ? item.uri : undefined)).find((u): u is string => typeof u === 'string');
    const uri = missingResourceUri(known);
    const exchange = await ctx.connection.request('resources/read', { uri }, options);
    const legacy = ctx.connection.era === 'legacy';
    const codes = legacy ? [ERROR_CODES.invalidParams, ERROR_CODES.legacyResourceNotFound] : [ERROR_CODES.invalidParams];
    const verdict = compareError(exchange, { codes });
    const measurements = answerMeasurements(exchange);
    switch (verdict.kind) {
      case 'expected': {
        const code = exchange.outcome === 'error' ? exchange.error.code : undefined;
        return {
          status: 'pass',
          label: code === ERROR_CODES.legacyResourceNotFound ? 'legacy-not-found-code' : 'not-found-honest',
          measurements,
        };
      }
      case 'served':
        return { status: 'fail', label: 'missing-resource-served', measurements };
      case 'no-answer':
        return { status: 'fail', label: 'no-answer', measurements };
      default:
        return { status: 'fail', label: 'wrong-error-code', measurements };
    }
  },
});
