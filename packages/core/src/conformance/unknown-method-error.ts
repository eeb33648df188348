import { randomUUID } from 'node:crypto';

import { ERROR_CODES } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { answerMeasurements, compareError } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';

/** On 2026-07-28 Streamable HTTP an unknown or removed method is -32601 under HTTP 404. */
export const METHOD_NOT_FOUND_HTTP_STATUS = 404;

const LABELS = {
  'method-not-found': 'A method no revision defines got -32601 (Method not found), with HTTP 404 on 2026-07-28 Streamable HTTP.',
  'unknown-method-served': 'A method no revision defines was answered with a result, as if it existed.',
  'wrong-error-code': 'The unknown method got another JSON-RPC error code (jsonRpcCode), or an HTTP rejection without -32601.',
  'wrong-http-status': 'The unknown method got -32601, but on 2026-07-28 Streamable HTTP under an HTTP status other than 404 (httpStatus).',
  'no-answer': 'The unknown method got no answer: timeout, crash, closed connection or an unparseable reply.',
} as const;

export type UnknownMethodErrorLabel = keyof typeof LABELS;

/**
 * Both eras: a request for a method the server does not implement is the JSON-RPC error -32601
 * (JSON-RPC 2.0 §5.1, which both revisions' base protocol adopts); 2026-07-28 Streamable HTTP also
 * requires HTTP 404 for it. The method name is unique per run and in no namespace MCP uses, so no
 * server can implement it.
 */
export const unknownMethodError = defineCheck<ConformanceParams, UnknownMethodErrorLabel>({
  id: 'unknown-method-error',
  kind: 'conformance',
  requirements: ['L63', 'M41', 'M87'],
  title: 'Unknown method is -32601',
  summary: 'A method the server does not implement gets -32601 (and HTTP 404 on 2026-07-28 Streamable HTTP).',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<UnknownMethodErrorLabel>> {
    const method = `mcp-eval/no-such-method-${randomUUID().slice(0, 8)}`;
    const exchange = await ctx.connection.request(method, {}, { timeoutMs: ctx.timeoutMs, signal: ctx.signal });
    const modernHttp = ctx.connection.era === 'modern' && ctx.connection.traits.httpHeaders;
    const verdict = compareError(exchange, {
      codes: [ERROR_CODES.methodNotFound],
      ...(modernHttp && { httpStatus: METHOD_NOT_FOUND_HTTP_STATUS }),
    });
    const measurements = answerMeasurements(exchange);
    switch (verdict.kind) {
      case 'expected':
        return { status: 'pass', label: 'method-not-found', measurements };
      case 'served':
        return { status: 'fail', label: 'unknown-method-served', measurements };
      case 'wrong-status':
        return { status: 'fail', label: 'wrong-http-status', measurements };
      case 'wrong-code':
        return { status: 'fail', label: 'wrong-error-code', measurements };
      case 'no-answer':
        return { status: 'fail', label: 'no-answer', measurements };
    }
  },
});
