import Type, { type Static } from 'typebox';
import type { Connection } from '@mcp-eval/protocol';

import { argumentsParam } from '../calls/arguments-param.js';
import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { roundMs } from '../calls/latency-summary.js';
import { MUTATION_GATE_LABELS, READ_ONLY_PARAM, closedGateOutcome, passMutationGate } from '../calls/mutation-gate.js';
import { abortableDelay } from '../calls/abortable-delay.js';
import { namedTool } from '../calls/called-tool.js';

/** How long after sending the slow call it is cancelled, by default. */
const DEFAULT_CANCEL_AFTER_MS = 200;
/** The latest a case may cancel: the call must still be running by then. */
export const MAX_CANCEL_AFTER_MS = 10_000;
/** How long the probe waits after the cancellation (watching for a result to the cancelled id) before the health call, by default. */
export const CANCELLED_RESULT_WINDOW_MS = 1_000;
/** The longest watch a case may ask for. */
export const MAX_CANCELLED_RESULT_WINDOW_MS = 10_000;

const LABELS = {
  'answered-before-cancel':
    'The call answered before it was cancelled, so nothing was cancelled: give it arguments that keep it busy past cancel_after_ms.',
  'failed-before-cancel': 'The call failed (no answer: timeout, crash, closed connection) before it was cancelled.',
  'result-after-cancel':
    'A result for the cancelled request arrived after the cancellation (stdio: a response to an id the client had given up), which the spec says a server should not send.',
  'unhealthy-after-cancel': 'After the cancellation the server no longer answered: the `tools/list` that follows got no result.',
  'client-connect-failed': 'The probe could not open its own connection to the server.',
  ...MUTATION_GATE_LABELS,
} as const;

export type CancellationLabel = keyof typeof LABELS;

const params = Type.Object(
  {
    tool: Type.String({
      minLength: 1,
      description: 'A read-only tool whose call is slow enough to cancel (still running at cancel_after_ms).',
    }),
    arguments: argumentsParam('The arguments that keep the call busy.'),
    cancel_after_ms: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_CANCEL_AFTER_MS,
        default: DEFAULT_CANCEL_AFTER_MS,
        description: `Milliseconds after sending the call to cancel it (1-${MAX_CANCEL_AFTER_MS}).`,
      }),
    ),
    watch_ms: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_CANCELLED_RESULT_WINDOW_MS,
        default: CANCELLED_RESULT_WINDOW_MS,
        description: `Milliseconds to wait after the cancellation before the health call (0-${MAX_CANCELLED_RESULT_WINDOW_MS}); where a late answer can arrive (stdio), any result to the cancelled id in that window fails the case.`,
      }),
    ),
    read_only: READ_ONLY_PARAM,
  },
  { additionalProperties: false },
);

export type CancellationParams = Static<typeof params>;

/** How the cancelled call and what followed it went, as the record's numbers. */
interface Tally {
  cancelAfterMs: number;
  cancelledLatencyMs?: number;
  watchedMs?: number;
  resultsAfterCancel?: number;
  healthy?: number;
  healthLatencyMs?: number;
}

/**
 * Cancel a slow read-only call part-way (on stdio and legacy HTTP `notifications/cancelled`; on
 * 2026-07-28 HTTP, closing the request's stream), then the server must stay healthy: no result for
 * the cancelled id within the watch window (where one could arrive), and a `tools/list` answered.
 * Runs on a connection of its own, so a server that dies of it takes no other case with it.
 */
export const cancellation = defineCheck<Static<typeof params>, CancellationLabel>({
  id: 'cancellation',
  kind: 'probe',
  title: 'Cancellation',
  summary: 'A cancelled read-only call leaves the server healthy, and no result for the cancelled request arrives afterwards.',
  params,
  calledTools: namedTool,
  labels: LABELS,
  async run(ctx, params): Promise<Outcome<CancellationLabel>> {
    const { tool } = params;
    const gate = await passMutationGate(ctx, [tool], params.read_only);
    if (!gate.open) return closedGateOutcome(gate);
    const tally: Tally = { cancelAfterMs: params.cancel_after_ms ?? DEFAULT_CANCEL_AFTER_MS };
    const outcome = (status: 'pass' | 'fail' | 'error', label?: CancellationLabel): Outcome<CancellationLabel> =>
      status === 'pass' || label === undefined
        ? { status: 'pass', tool, measurements: { ...tally } }
        : { status, label, tool, measurements: { ...tally } };

    let connection: Connection;
    try {
      connection = await ctx.openConnection();
    } catch {
      return outcome('fail', 'client-connect-failed');
    }
    const strayBefore = connection.diagnostics().strayResponses;
    const cancel = new AbortController();
    const timer = setTimeout(() => cancel.abort(), tally.cancelAfterMs);
    const call = await connection
      .request(
        'tools/call',
        { name: tool, arguments: params.arguments },
        { timeoutMs: ctx.timeoutMs, signal: AbortSignal.any([cancel.signal, ctx.signal]) },
      )
      .finally(() => clearTimeout(timer));
    tally.cancelledLatencyMs = roundMs(call.latencyMs);
    if (call.outcome !== 'transport-failure') return outcome('error', 'answered-before-cancel');
    if (call.failure !== 'cancelled') return outcome('fail', 'failed-before-cancel');

    // The window also lets a server that learns of a closed stream late (HTTP) act on it before the
    // health call. Where each request owns its stream, a late answer has nowhere to arrive: not counted.
    const watchMs = params.watch_ms ?? CANCELLED_RESULT_WINDOW_MS;
    await abortableDelay(watchMs, ctx.signal);
    tally.watchedMs = watchMs;
    const health = await connection.request('tools/list', {}, { timeoutMs: ctx.timeoutMs, signal: ctx.signal });
    // Counted after the health call too: a late answer during it is recognised as late, not as its answer.
    if (!connection.traits.cancelByClosingStream) tally.resultsAfterCancel = connection.diagnostics().strayResponses - strayBefore;
    tally.healthy = health.outcome === 'result' ? 1 : 0;
    tally.healthLatencyMs = roundMs(health.latencyMs);
    if ((tally.resultsAfterCancel ?? 0) > 0) return outcome('fail', 'result-after-cancel');
    if (tally.healthy === 0) return outcome('fail', 'unhealthy-after-cancel');
    return outcome('pass');
  },
});
