import Type, { type Static } from 'typebox';
import type { Exchange } from '@mcp-eval/protocol';

import { argumentsParam } from '../calls/arguments-param.js';
import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { callTool } from '../calls/call-tool.js';
import { classifyCall } from '../calls/classify-call.js';
import { MUTATION_GATE_LABELS, READ_ONLY_PARAM, closedGateOutcome, passMutationGate } from '../calls/mutation-gate.js';
import { safeAddressParam, withValueAt } from '../json-pointer.js';
import type { StarterCase, StarterInput } from '../starter/starter-case.js';
import { all, CALLABLE, complete, pickTool, readOnly } from '../starter/pick-tool.js';
import { callEntries, unsafeNote } from '../starter/call-entries.js';
import { namedTool } from '../calls/called-tool.js';

const LABELS = {
  'payload-accepted': 'The server answered the oversized call with a result and kept answering afterwards.',
  'payload-rejected':
    'The server refused the payload cleanly (a JSON-RPC error, an isError result, or HTTP 413) and kept answering; a failure only with expect_handled: true.',
  'payload-unhandled':
    'The server crashed, hung, dropped the connection or answered garbage on the oversized call, or stopped answering right after it.',
  'field-unaddressable': '`field` names no place in the arguments (a JSON Pointer whose parent does not exist); nothing was sent.',
  ...MUTATION_GATE_LABELS,
} as const;

export type PayloadBoundsLabel = keyof typeof LABELS;

/** 32 ASCII bytes, repeated: one byte per character, so the string's length is its byte length. */
const FILLER = 'payload-bounds:0123456789abcdef;';

/** Bytes, not characters, are what a server has to buffer; ASCII keeps the two equal. */
function asciiPayload(length: number): string {
  return FILLER.repeat(Math.ceil(length / FILLER.length)).slice(0, length);
}

/** Whether an answer is a clean refusal rather than a failure of the server or the connection. */
function rejectedCleanly(exchange: Exchange): boolean {
  if (exchange.outcome === 'error') return true;
  // 413 is the HTTP way of saying "too large" on purpose, before any JSON-RPC handling.
  return exchange.outcome === 'transport-failure' && exchange.failure === 'http-status' && exchange.httpStatus === 413;
}

const params = Type.Object(
  {
    tool: Type.String({ minLength: 1, description: 'The tool to call with the oversized argument.' }),
    arguments: argumentsParam('The arguments to start from; a deep copy gets the oversized field.'),
    field: safeAddressParam({
      description: 'Where the oversized string goes: a top-level argument name, or a JSON Pointer (leading /) into the arguments.',
    }),
    length: Type.Integer({
      minimum: 1,
      maximum: 67108864,
      description: 'The exact size of the injected ASCII string, in bytes (at most 64 MiB).',
    }),
    expect_handled: Type.Optional(
      Type.Boolean({ default: false, description: 'true: the server must process the payload; a clean rejection then fails too.' }),
    ),
    read_only: READ_ONLY_PARAM,
  },
  { additionalProperties: false },
);

export type PayloadBoundsParams = Static<typeof params>;

/** init's starter case: a tool with a plain string argument (else any callable one), sent 1 MiB. */
function starter({ tools }: StarterInput): StarterCase | undefined {
  const inflatable = pickTool(tools, [
    all(readOnly, complete, (t) => t.stringField !== undefined),
    all(readOnly, (t) => t.stringField !== undefined),
    (t) => t.stringField !== undefined,
  ]);
  const payloadTool = inflatable ?? pickTool(tools, CALLABLE);
  if (payloadTool === undefined) return undefined;
  return {
    comments: ['One string argument of exactly 1 MiB: the server must neither crash nor hang.', ...unsafeNote(payloadTool, false)],
    entries: [
      { key: 'id', value: 'large-argument-survives' },
      { key: 'probe', value: 'payload-bounds' },
      ...callEntries(payloadTool),
      payloadTool.stringField === undefined
        ? { key: 'field', value: 'payload', todo: 'a string argument of this tool' }
        : { key: 'field', value: payloadTool.stringField },
      { key: 'length', value: 1048576 },
    ],
  };
}

/**
 * Sends the declared call with one field replaced by an exact number of ASCII bytes, on a
 * connection of its own so a crash cannot take the shared one down. The payload exists only in
 * memory: no record, label or error ever carries it.
 */
export const payloadBounds = defineCheck<Static<typeof params>, PayloadBoundsLabel>({
  id: 'payload-bounds',
  kind: 'probe',
  title: 'Payload bounds',
  summary: 'An oversized string argument neither crashes nor hangs the server: it is handled or cleanly rejected.',
  params,
  calledTools: namedTool,
  labels: LABELS,
  starter,
  async run(ctx, params): Promise<Outcome<PayloadBoundsLabel>> {
    const args = withValueAt(params.arguments, params.field, asciiPayload(params.length));
    if (args === undefined || typeof args !== 'object' || args === null || Array.isArray(args)) {
      return { status: 'error', label: 'field-unaddressable', tool: params.tool, measurements: { length: params.length } };
    }
    // Decided on the shared connection, before the probe's own connection is opened.
    const gate = await passMutationGate(ctx, [params.tool], params.read_only);
    if (!gate.open) return closedGateOutcome(gate);
    const connection = await ctx.openConnection();
    const exchange = await callTool(ctx, connection, params.tool, args);
    const measurements = {
      length: params.length,
      requestBytes: exchange.requestBytes,
      latencyMs: exchange.latencyMs,
      ...(exchange.httpStatus === undefined ? {} : { httpStatus: exchange.httpStatus }),
      ...(exchange.outcome === 'error' ? { jsonRpcCode: exchange.error.code } : {}),
    };
    const rejected = rejectedCleanly(exchange);
    if (exchange.outcome === 'transport-failure' && !rejected) {
      return { status: 'fail', label: 'payload-unhandled', tool: params.tool, measurements };
    }
    // A server that answers and then dies has not handled the payload either.
    const after = await connection.request('tools/list', {}, { timeoutMs: ctx.timeoutMs, signal: ctx.signal });
    if (after.outcome === 'transport-failure') {
      return { status: 'fail', label: 'payload-unhandled', tool: params.tool, measurements: { ...measurements, answeredAfter: 0 } };
    }
    const call = classifyCall(exchange);
    if (rejected || call.kind === 'tool-error') {
      return { status: params.expect_handled === true ? 'fail' : 'pass', label: 'payload-rejected', tool: params.tool, measurements };
    }
    return { status: 'pass', label: 'payload-accepted', tool: params.tool, measurements };
  },
});
