import type { Connection, Exchange, JsonObject, RequestOptions } from '@mcp-eval/protocol';
import { withRequest } from '@mcp-eval/protocol';

import { safeToolName } from '../tool-name.js';
import type { RunTrace } from './run-trace.js';
import type { SpanAttributes } from './span-record.js';
import { epochNowMs } from './span-record.js';
import { formatTraceparent, randomSpanId } from './trace-ids.js';

/** The W3C key a request's `_meta` carries (SEP-414). `tracestate` and `baggage` are never sent. */
const TRACEPARENT_META = 'traceparent';

/** Methods the evaluator sends are its own words; anything else is named `other` in a span. */
const METHOD = /^[a-z][A-Za-z0-9_./-]{0,63}$/;

function requestAttributes(method: string, params: JsonObject | undefined, exchange: Exchange | undefined): SpanAttributes {
  const attributes: Record<string, string | number> = { 'rpc.system': 'jsonrpc', 'rpc.method': METHOD.test(method) ? method : 'other' };
  // The tool name came from the server's catalog: only a name that passes the tool-name rules is kept.
  if (method === 'tools/call') attributes['mcp.tool.name'] = safeToolName(params?.['name']);
  if (exchange === undefined) return { ...attributes, 'mcp_eval.request.outcome': 'evaluator-error' };
  attributes['mcp_eval.request.outcome'] = exchange.outcome;
  attributes['mcp_eval.request.latency_ms'] = exchange.latencyMs;
  attributes['mcp_eval.request.bytes'] = exchange.requestBytes;
  attributes['mcp_eval.response.bytes'] = exchange.responseBytes;
  if (exchange.httpStatus !== undefined) attributes['http.response.status_code'] = exchange.httpStatus;
  if (exchange.outcome === 'error' && Number.isInteger(exchange.error.code)) attributes['rpc.jsonrpc.error_code'] = exchange.error.code;
  if (exchange.outcome === 'transport-failure') attributes['mcp_eval.request.failure'] = exchange.failure;
  return attributes;
}

/**
 * A case's view of a connection: each request gets its own span id, a child of the case's span,
 * announced as `traceparent` in the request's `_meta` (legacy: the params' `_meta`; 2026-07-28:
 * merged into the envelope `_meta`) and, when spans are exported, emitted once answered. Raw sends
 * are deliberate byte-exact violations and notifications are not requests: both pass untouched.
 */
export function tracedConnection(connection: Connection, trace: RunTrace, caseSpanId: string): Connection {
  const request = async (method: string, params?: JsonObject, options?: RequestOptions): Promise<Exchange> => {
    const spanId = randomSpanId();
    const meta = trace.propagate ? { [TRACEPARENT_META]: formatTraceparent(trace.traceId, spanId), ...options?.meta } : options?.meta;
    const startTimeMs = epochNowMs();
    let exchange: Exchange | undefined;
    try {
      exchange = await connection.request(method, params, { ...options, ...(meta === undefined ? {} : { meta }) });
      return exchange;
    } finally {
      trace.onSpan?.({
        role: 'request',
        name: METHOD.test(method) ? method : 'other',
        traceId: trace.traceId,
        spanId,
        parentSpanId: caseSpanId,
        startTimeMs,
        endTimeMs: epochNowMs(),
        status: exchange?.outcome === 'result' ? 'ok' : 'error',
        attributes: requestAttributes(method, params, exchange),
      });
    }
  };
  return withRequest(connection, request);
}
