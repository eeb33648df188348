import Type, { type Static } from 'typebox';

import { argumentsParam } from '../calls/arguments-param.js';
import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { callTimeoutOf, callTool } from '../calls/call-tool.js';
import { classifyCall } from '../calls/classify-call.js';
import { summarizeLatencies } from '../calls/latency-summary.js';
import { MUTATION_GATE_LABELS, READ_ONLY_PARAM, closedGateOutcome, passMutationGate } from '../calls/mutation-gate.js';
import type { StarterCase, StarterInput } from '../starter/starter-case.js';
import { CALLABLE, pickRepeated } from '../starter/pick-tool.js';
import { callEntries, leftOutNote, unsafeNote } from '../starter/call-entries.js';
import { namedTool } from '../calls/called-tool.js';

const LABELS = {
  stable: 'Every one of the max_attempts calls succeeded.',
  'failed-from-start':
    'The first call already failed (an error, or no answer for another reason than time): the tool does not work with these arguments at all.',
  degraded: 'The tool worked at first, then a later call returned an error (JSON-RPC error or isError result).',
  'degraded-unanswered': 'The tool worked at first, then a later call got no answer (crash, closed connection or an unparseable reply).',
  'latency-exceeded':
    "A call was not answered within its time limit (the run's call cut-off, or timeout_ms): the tool is slow, which says nothing about whether it degrades; attempt says which call.",
  'input-required': 'A call asked for client input (input_required) instead of completing.',
  ...MUTATION_GATE_LABELS,
} as const;

export type DegradationOverNLabel = keyof typeof LABELS;

const params = Type.Object(
  {
    tool: Type.String({ minLength: 1, description: 'The tool to call repeatedly.' }),
    arguments: argumentsParam('The arguments of every call; the same each time.'),
    max_attempts: Type.Integer({
      minimum: 1,
      maximum: 10000,
      description: 'How many times to make the call; the case fails at the first call that does not succeed.',
    }),
    read_only: READ_ONLY_PARAM,
  },
  { additionalProperties: false },
);

export type DegradationOverNParams = Static<typeof params>;

/** init's starter case: the preferred callable tool, called 20 times. */
function starter({ tools }: StarterInput): StarterCase | undefined {
  const { tool, leftOut } = pickRepeated(tools, CALLABLE);
  if (tool === undefined) return undefined;
  return {
    comments: ['The same call, again and again: the first error fails the case.', ...leftOutNote(leftOut), ...unsafeNote(tool, true)],
    entries: [
      { key: 'id', value: 'repeated-calls-stay-up' },
      { key: 'probe', value: 'degradation-over-n' },
      ...callEntries(tool),
      { key: 'max_attempts', value: 20 },
    ],
  };
}

/**
 * Repeats one call on the shared connection and stops at the first failure: a server that leaks,
 * throttles or corrupts state tends to work for the first calls and break after some N.
 */
export const degradationOverN = defineCheck<Static<typeof params>, DegradationOverNLabel>({
  id: 'degradation-over-n',
  kind: 'probe',
  title: 'Degradation over N calls',
  summary: 'The declared call succeeds every time when repeated max_attempts times.',
  params,
  calledTools: namedTool,
  labels: LABELS,
  starter,
  async run(ctx, params): Promise<Outcome<DegradationOverNLabel>> {
    const gate = await passMutationGate(ctx, [params.tool], params.read_only);
    if (!gate.open) return closedGateOutcome(gate);
    const latencies: number[] = [];
    for (let attempt = 1; attempt <= params.max_attempts; attempt += 1) {
      const exchange = await callTool(ctx, ctx.connection, params.tool, params.arguments);
      latencies.push(exchange.latencyMs);
      const call = classifyCall(exchange);
      if (call.kind === 'success') continue;
      const timedOut = call.kind === 'transport-failure' && call.failure === 'timeout';
      if (timedOut) {
        // Slow is a latency verdict: a call cut off is never read as a tool that does not work.
        const measurements = {
          attempts: attempt,
          attempt,
          latencyMs: exchange.latencyMs,
          cutoffMs: callTimeoutOf(ctx),
          ...summarizeLatencies(latencies),
        };
        return { status: 'fail', label: 'latency-exceeded', tool: params.tool, measurements };
      }
      const label: DegradationOverNLabel =
        call.kind === 'input-required'
          ? 'input-required'
          : attempt === 1
            ? 'failed-from-start'
            : call.kind === 'transport-failure'
              ? 'degraded-unanswered'
              : 'degraded';
      const measurements = {
        attempts: attempt,
        attempt,
        ...summarizeLatencies(latencies),
        ...(call.kind === 'rpc-error' ? { jsonRpcCode: call.error.code } : {}),
      };
      return { status: 'fail', label, tool: params.tool, measurements };
    }
    return {
      status: 'pass',
      label: 'stable',
      tool: params.tool,
      measurements: { attempts: params.max_attempts, ...summarizeLatencies(latencies) },
    };
  },
});
