import { ERROR_CODES } from '@mcp-eval/protocol';

import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { classifyCall } from '../calls/classify-call.js';
import { SKIP_LABELS, unlessDeclared } from './support/applicability.js';
import { answerMeasurements } from './support/expected-error.js';
import type { ConformanceParams } from './support/no-params.js';
import { NO_PARAMS } from './support/no-params.js';
import { unknownName } from './support/unknown-names.js';

const LABELS = {
  'unknown-tool-rejected': 'tools/call of a tool the server does not have got the JSON-RPC error -32602 (Invalid params).',
  'reported-as-tool-error':
    'The unknown tool was answered with a tool result marked isError, as if the tool existed and failed; the revision makes it a protocol error.',
  'reported-as-success': 'The unknown tool was answered with a successful result.',
  'wrong-error-code': 'The unknown tool got a JSON-RPC error with another code than -32602 (jsonRpcCode says which).',
  'no-answer': 'tools/call of an unknown tool got no answer: timeout, crash, closed connection or an unparseable reply.',
  'capability-not-declared': SKIP_LABELS['capability-not-declared'],
} as const;

export type UnknownToolErrorLabel = keyof typeof LABELS;

/**
 * Both eras: calling a tool that does not exist is a protocol error, not a tool failure. The
 * 2025-11-25 revision lists "unknown tools" among protocol errors and gives -32602 as the example
 * code; `isError` results are for a tool that exists and failed (its execution, or argument
 * validation). The distinction matters to agents: an `isError` result reads as "this tool ran and
 * said no", inviting a retry of a tool that is not there.
 */
export const unknownToolError = defineCheck<ConformanceParams, UnknownToolErrorLabel>({
  id: 'unknown-tool-error',
  kind: 'conformance',
  requirements: ['L46', 'M68'],
  title: 'Unknown tool is -32602',
  summary: 'tools/call of a tool the server does not have gets the JSON-RPC error -32602, not a tool result.',
  params: NO_PARAMS,
  labels: LABELS,
  async run(ctx): Promise<Outcome<UnknownToolErrorLabel>> {
    const skip = unlessDeclared(ctx.connection, 'tools');
    if (skip) return skip;
    const exchange = await ctx.connection.request(
      'tools/call',
      { name: unknownName('tool'), arguments: {} },
      { timeoutMs: ctx.timeoutMs, signal: ctx.signal },
    );
    const call = classifyCall(exchange);
    const measurements = answerMeasurements(exchange);
    switch (call.kind) {
      case 'rpc-error':
        return call.error.code === ERROR_CODES.invalidParams
          ? { status: 'pass', label: 'unknown-tool-rejected', measurements }
          : { status: 'fail', label: 'wrong-error-code', measurements };
      case 'tool-error':
        return { status: 'fail', label: 'reported-as-tool-error', measurements };
      case 'success':
      case 'input-required':
        return { status: 'fail', label: 'reported-as-success', measurements };
      case 'transport-failure':
        // An HTTP rejection without a JSON-RPC body is still a rejection, just not the honest one.
        return call.failure === 'http-status'
          ? { status: 'fail', label: 'wrong-error-code', measurements }
          : { status: 'fail', label: 'no-answer', measurements };
    }
  },
});
