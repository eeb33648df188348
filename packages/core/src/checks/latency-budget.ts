import Type, { type Static } from 'typebox';

import { argumentsParam } from '../calls/arguments-param.js';
import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { callTimeoutOf, callTool } from '../calls/call-tool.js';
import { classifyCall } from '../calls/classify-call.js';
import { summarizeLatencies } from '../calls/latency-summary.js';
import { MUTATION_GATE_LABELS, READ_ONLY_PARAM, closedGateOutcome, passMutationGate } from '../calls/mutation-gate.js';
import type { StarterCase, StarterInput } from '../starter/starter-case.js';
import { all, CALLABLE, complete, pickRepeated, readOnly } from '../starter/pick-tool.js';
import { callEntries, leftOutNote } from '../starter/call-entries.js';
import { namedTool } from '../calls/called-tool.js';

const LABELS = {
  'within-budget': 'Every attempt was answered within max_latency_ms.',
  'latency-exceeded': 'An attempt took longer than max_latency_ms (or timed out); attempt says which.',
  'call-failed':
    'An attempt was answered with an error (JSON-RPC error, isError result or input_required) or got no answer for another reason than time, so its latency says nothing.',
  ...MUTATION_GATE_LABELS,
} as const;

export type LatencyBudgetLabel = keyof typeof LABELS;

const DEFAULT_MAX_ATTEMPTS = 5;

const params = Type.Object(
  {
    tool: Type.String({ minLength: 1, description: 'The read-only tool to time.' }),
    arguments: argumentsParam('The arguments of every attempt.'),
    max_latency_ms: Type.Number({
      exclusiveMinimum: 0,
      description: 'The longest any one attempt may take, from request sent to answer received, in milliseconds.',
    }),
    max_attempts: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1000,
        default: DEFAULT_MAX_ATTEMPTS,
        description: 'How many times to make the call; it stops at the first attempt over budget.',
      }),
    ),
    read_only: READ_ONLY_PARAM,
  },
  { additionalProperties: false },
);

export type LatencyBudgetParams = Static<typeof params>;

/** init's starter case: a read-only tool (else any callable one, with a TODO), within 2000 ms. */
function starter({ tools }: StarterInput): StarterCase | undefined {
  const timed = pickRepeated(tools, [all(readOnly, complete), readOnly]).tool;
  const { tool: latencyTool, leftOut } = timed === undefined ? pickRepeated(tools, CALLABLE) : { tool: timed, leftOut: undefined };
  if (latencyTool === undefined) return undefined;
  return {
    comments: timed
      ? ['Every attempt must answer within max_latency_ms.']
      : [
          ...leftOutNote(leftOut),
          'TODO: no tool is annotated readOnlyHint: true and openWorldHint: false, so this case is skipped (mutation-not-allowed) and sends nothing.',
          'Add `read_only: true` only for a tool that is safe to call repeatedly, or declare a sandbox and run with --allow-mutation.',
        ],
    entries: [
      { key: 'id', value: 'answers-in-time' },
      { key: 'probe', value: 'latency-budget' },
      ...callEntries(latencyTool),
      { key: 'max_latency_ms', value: 2000, todo: 'your latency budget' },
      { key: 'max_attempts', value: 5 },
    ],
  };
}

/**
 * Times a call a bounded number of times. Timing means repeating, so the one mutation gate
 * decides first: the server's annotation, the case's `read_only`, or a sandbox with the flag.
 */
export const latencyBudget = defineCheck<Static<typeof params>, LatencyBudgetLabel>({
  id: 'latency-budget',
  kind: 'probe',
  title: 'Latency budget',
  summary: 'Every attempt of a declared read-only call is answered within max_latency_ms.',
  params,
  calledTools: namedTool,
  labels: LABELS,
  starter,
  async run(ctx, params): Promise<Outcome<LatencyBudgetLabel>> {
    const gate = await passMutationGate(ctx, [params.tool], params.read_only);
    if (!gate.open) return closedGateOutcome(gate);

    const maxAttempts = params.max_attempts ?? DEFAULT_MAX_ATTEMPTS;
    const latencies: number[] = [];
    const budget = { maxLatencyBudgetMs: params.max_latency_ms };
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      const exchange = await callTool(ctx, ctx.connection, params.tool, params.arguments);
      latencies.push(exchange.latencyMs);
      const call = classifyCall(exchange);
      const timedOut = call.kind === 'transport-failure' && call.failure === 'timeout';
      const measurements = { attempts: attempt, latencyMs: exchange.latencyMs, ...summarizeLatencies(latencies), ...budget };
      if (timedOut || exchange.latencyMs > params.max_latency_ms) {
        // A call cut off unanswered waited its time limit: that number is a floor, not a latency, and the record says so.
        const cutoff = timedOut ? { cutoffMs: callTimeoutOf(ctx) } : {};
        return { status: 'fail', label: 'latency-exceeded', tool: params.tool, measurements: { ...measurements, attempt, ...cutoff } };
      }
      if (call.kind !== 'success') {
        const code: Record<string, number> = call.kind === 'rpc-error' ? { jsonRpcCode: call.error.code } : {};
        return { status: 'fail', label: 'call-failed', tool: params.tool, measurements: { ...measurements, attempt, ...code } };
      }
    }
    const summary = summarizeLatencies(latencies);
    return {
      status: 'pass',
      label: 'within-budget',
      tool: params.tool,
      measurements: { attempts: maxAttempts, latencyMs: summary.maxLatencyMs, ...summary, ...budget },
    };
  },
});
