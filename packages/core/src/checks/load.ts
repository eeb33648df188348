import Type, { type Static } from 'typebox';
import type { Connection } from '@mcp-eval/protocol';

import { argumentsParam } from '../calls/arguments-param.js';
import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { percentile, roundMs } from '../calls/latency-summary.js';
import { MUTATION_GATE_LABELS, READ_ONLY_PARAM, closedGateOutcome, passMutationGate } from '../calls/mutation-gate.js';
import type { LoadOutcome, LoadTally } from '../calls/run-load.js';
import { LOAD_RESPONSE_BUDGET_BYTES, runLoad } from '../calls/run-load.js';
import type { Finding } from '../record.js';
import type { StarterCase, StarterInput } from '../starter/starter-case.js';
import { all, CALLABLE, complete, pickRepeated, readOnly } from '../starter/pick-tool.js';
import { callEntries, leftOutNote } from '../starter/call-entries.js';
import { MAX_CONTENTION_CLIENTS } from './contention.js';
import { namedTool } from '../calls/called-tool.js';

const LABELS = {
  'within-budget': 'Every budget the case sets held under the load.',
  'error-rate-exceeded': 'More requests failed (any error, or a transport failure other than a timeout) than max_error_rate allows.',
  'p99-exceeded': 'The 99th percentile latency was over max_p99_ms.',
  'p95-exceeded': 'The 95th percentile latency was over max_p95_ms.',
  'latency-exceeded':
    "A request was not answered within its time limit (timeout_ms, or the run's call cut-off): the server is slow under this load, which is latency, not an error; errorsTimeout says how many.",
  'throughput-below-minimum': 'Fewer successful calls per second than min_throughput.',
  'client-connect-failed': 'A client could not connect and initialize, so the load was not run.',
  'response-budget-exceeded':
    "An answer was larger than its share of the case's response byte budget (response_budget_bytes / (clients × in_flight)), so the load stopped rather than hold more.",
  ...MUTATION_GATE_LABELS,
} as const;

export type LoadLabel = keyof typeof LABELS;

/** Over stdio every client is a server process: the same bound as contention. */
export const MAX_LOAD_CLIENTS = MAX_CONTENTION_CLIENTS;
const DEFAULT_CLIENTS = 4;
/** The most requests one case sends, whatever `requests`, `duration_ms` and `rate` allow. */
export const MAX_LOAD_REQUESTS = 100_000;
/** The longest a load runs; the case's own time limit (10 × the per-request limit) must allow it too. */
export const MAX_LOAD_DURATION_MS = 60_000;
/** The most requests one client keeps in flight at once (an agent host's parallel tool calls). */
export const MAX_LOAD_IN_FLIGHT = 64;
/** Without `requests` or `duration_ms`: the count Inspector's `--load` examples use. */
const DEFAULT_REQUESTS = 200;
/** The largest `response_budget_bytes` a case may set. */
export const MAX_LOAD_RESPONSE_BUDGET_BYTES = 1024 * 1024 * 1024;
/** Most requests per second `rate` may ask for. */
export const MAX_LOAD_RATE = 10_000;

const params = Type.Object(
  {
    tool: Type.String({ minLength: 1, description: 'The read-only tool every client calls.' }),
    arguments: argumentsParam('The arguments of every request.'),
    clients: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_LOAD_CLIENTS,
        default: DEFAULT_CLIENTS,
        description: `Independent clients calling at once (1-${MAX_LOAD_CLIENTS}): a new process each over stdio, a new connection each over HTTP.`,
      }),
    ),
    in_flight: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_LOAD_IN_FLIGHT,
        default: 1,
        description: `Requests each client keeps in flight at once on its one connection (1-${MAX_LOAD_IN_FLIGHT}); 1 by default.`,
      }),
    ),
    rate: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: MAX_LOAD_RATE,
        description: 'Requests per second over all clients; unbounded (as fast as answers come) when omitted.',
      }),
    ),
    requests: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_LOAD_REQUESTS,
        description: `Requests to send in all (at most ${MAX_LOAD_REQUESTS}); ${DEFAULT_REQUESTS} when neither this nor duration_ms is set.`,
      }),
    ),
    duration_ms: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_LOAD_DURATION_MS,
        description: `How long to keep sending, in milliseconds (at most ${MAX_LOAD_DURATION_MS}); with requests too, whichever ends first.`,
      }),
    ),
    response_budget_bytes: Type.Optional(
      Type.Integer({
        minimum: 1024,
        maximum: MAX_LOAD_RESPONSE_BUDGET_BYTES,
        default: LOAD_RESPONSE_BUDGET_BYTES,
        description: `Bytes all answers in flight may hold at once (${LOAD_RESPONSE_BUDGET_BYTES} by default); each request may use budget / (clients × in_flight), and an answer over that ends the case response-budget-exceeded.`,
      }),
    ),
    max_p95_ms: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, description: 'The 95th percentile latency may not exceed this, in milliseconds.' }),
    ),
    max_p99_ms: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, description: 'The 99th percentile latency may not exceed this, in milliseconds.' }),
    ),
    min_throughput: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, description: 'Successful calls per second the server must sustain.' }),
    ),
    max_error_rate: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1,
        default: 0,
        description: 'The fraction of requests (0-1) that may fail; 0 (none) by default.',
      }),
    ),
    read_only: READ_ONLY_PARAM,
  },
  { additionalProperties: false },
);

export type LoadParams = Static<typeof params>;

/** The measurement name of each outcome other than success: `errorsTimeout`, `errorsToolError`, … */
function errorKey(outcome: Exclude<LoadOutcome, 'success'>): string {
  return `errors${outcome.replace(/(^|-)([a-z])/g, (_, __: string, c: string) => c.toUpperCase())}`;
}

function outcomeMeasurements(tally: LoadTally): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [outcome, count] of Object.entries(tally.outcomes) as [LoadOutcome, number][]) {
    if (outcome !== 'success') counts[errorKey(outcome)] = count;
  }
  return counts;
}

/** init's starter case: a read-only tool (else any callable one, with a TODO) under four clients. */
function starter({ tools }: StarterInput): StarterCase | undefined {
  const loaded = pickRepeated(tools, [all(readOnly, complete), readOnly]).tool;
  const { tool, leftOut } = loaded === undefined ? pickRepeated(tools, CALLABLE) : { tool: loaded, leftOut: undefined };
  if (tool === undefined) return undefined;
  return {
    comments: loaded
      ? ['Four clients send 200 requests between them; no request may fail and p95 must stay within budget.']
      : [
          ...leftOutNote(leftOut),
          'TODO: no tool is annotated readOnlyHint: true and openWorldHint: false, so this case is skipped (mutation-not-allowed) and sends nothing.',
          'Add `read_only: true` only for a tool that is safe to call hundreds of times, or declare a sandbox and run with --allow-mutation.',
        ],
    entries: [
      { key: 'id', value: 'under-load' },
      { key: 'probe', value: 'load' },
      ...callEntries(tool),
      { key: 'clients', value: DEFAULT_CLIENTS },
      { key: 'requests', value: DEFAULT_REQUESTS },
      { key: 'max_p95_ms', value: 1000, todo: 'your latency budget under load' },
      { key: 'max_error_rate', value: 0 },
    ],
  };
}

/**
 * Throughput and tail latency of a read-only call under concurrency. Several independent clients
 * each keep `in_flight` requests in flight (optionally paced to a total rate) until a request count or a
 * duration runs out; the case fails on the budgets it sets.
 */
export const load = defineCheck<Static<typeof params>, LoadLabel>({
  id: 'load',
  kind: 'probe',
  title: 'Load',
  summary:
    'Under concurrent independent clients, a read-only call keeps its error rate, p95, p99 and throughput within the declared budgets.',
  params,
  calledTools: namedTool,
  labels: LABELS,
  starter,
  async run(ctx, params): Promise<Outcome<LoadLabel>> {
    const { tool } = params;
    const gate = await passMutationGate(ctx, [tool], params.read_only);
    if (!gate.open) return closedGateOutcome(gate);

    const clients = params.clients ?? DEFAULT_CLIENTS;
    const opened = await Promise.allSettled(Array.from({ length: clients }, () => ctx.openConnection()));
    const connections = opened.filter((o): o is PromiseFulfilledResult<Connection> => o.status === 'fulfilled').map((o) => o.value);
    if (connections.length < clients) {
      return { status: 'fail', label: 'client-connect-failed', tool, measurements: { clients, connected: connections.length } };
    }

    const bounded = params.requests !== undefined || params.duration_ms !== undefined;
    const tally = await runLoad(ctx, {
      connections,
      inFlight: params.in_flight ?? 1,
      tool,
      arguments: params.arguments,
      ...(params.rate === undefined ? {} : { rate: params.rate }),
      ...(params.duration_ms === undefined ? {} : { durationMs: params.duration_ms }),
      maxRequests: params.requests ?? (bounded ? MAX_LOAD_REQUESTS : DEFAULT_REQUESTS),
      responseBudgetBytes: params.response_budget_bytes ?? LOAD_RESPONSE_BUDGET_BYTES,
    });

    const sent = tally.latencies.length;
    const succeeded = tally.outcomes.success;
    // Slow is a latency verdict: a request cut off at its time limit is not counted as an error.
    const timedOut = tally.outcomes.timeout;
    const errors = sent - succeeded - timedOut;
    const sorted = [...tally.latencies].sort((a, b) => a - b);
    const seconds = tally.elapsedMs / 1_000;
    const measurements = {
      clients,
      inFlight: params.in_flight ?? 1,
      maxInFlight: tally.maxInFlight,
      requests: sent,
      succeeded,
      errors,
      ...outcomeMeasurements(tally),
      errorRate: sent === 0 ? 0 : errors / sent,
      durationMs: roundMs(tally.elapsedMs),
      throughput: seconds > 0 ? succeeded / seconds : 0,
      p50LatencyMs: roundMs(percentile(sorted, 50)),
      p95LatencyMs: roundMs(percentile(sorted, 95)),
      p99LatencyMs: roundMs(percentile(sorted, 99)),
      maxLatencyMs: roundMs(sorted.at(-1) ?? 0),
      evaluatorCpuMs: roundMs(tally.cpuMs),
      evaluatorCpuMsPerRequest: sent === 0 ? 0 : tally.cpuMs / sent,
      evaluatorCpuShare: tally.elapsedMs > 0 ? tally.cpuMs / tally.elapsedMs : 0,
      responseCapBytes: tally.responseCapBytes,
      maxErrorRateBudget: params.max_error_rate ?? 0,
      ...(params.max_p95_ms === undefined ? {} : { maxP95BudgetMs: params.max_p95_ms }),
      ...(params.max_p99_ms === undefined ? {} : { maxP99BudgetMs: params.max_p99_ms }),
      ...(params.min_throughput === undefined ? {} : { minThroughputBudget: params.min_throughput }),
    };

    // Not the server's fault and not a measurement of it: the evaluator's own bound stopped the load.
    if (tally.overBudget) return { status: 'error', label: 'response-budget-exceeded', tool, measurements };
    // Every budget exceeded is a finding; the case's label is the first, in this order. A timeout
    // exceeds every latency budget, the limit itself, whether or not the case sets percentiles.
    const exceeded: [LoadLabel, boolean][] = [
      ['error-rate-exceeded', measurements.errorRate > measurements.maxErrorRateBudget],
      ['p99-exceeded', params.max_p99_ms !== undefined && measurements.p99LatencyMs > params.max_p99_ms],
      ['p95-exceeded', params.max_p95_ms !== undefined && measurements.p95LatencyMs > params.max_p95_ms],
      ['latency-exceeded', timedOut > 0],
      ['throughput-below-minimum', params.min_throughput !== undefined && measurements.throughput < params.min_throughput],
    ];
    const findings: Finding[] = exceeded.filter(([, over]) => over).map(([label]) => ({ label, tool }));
    const [first] = findings;
    if (first !== undefined) return { status: 'fail', label: first.label as LoadLabel, tool, measurements, findings };
    return { status: 'pass', label: 'within-budget', tool, measurements };
  },
});
