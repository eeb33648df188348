import Type, { type Static } from 'typebox';
import type { FailureKind } from '@mcp-eval/protocol';
import { FAILURE_KINDS } from '@mcp-eval/protocol';

import { argumentsParam } from '../calls/arguments-param.js';
import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { classifyCall } from '../calls/classify-call.js';
import { roundMs } from '../calls/latency-summary.js';
import { MUTATION_GATE_LABELS, READ_ONLY_PARAM, closedGateOutcome, passMutationGate } from '../calls/mutation-gate.js';
import { namedTool } from '../calls/called-tool.js';

/** Notifications to let through before dropping the stream, by default: the first proves it streams. */
const DEFAULT_DROP_AFTER = 1;
/** The most notifications a case may wait for before the drop. */
export const MAX_DROP_AFTER_MESSAGES = 100;
/** The progress tokens the probe asks for its answer to stream with (fixed, so nothing is random). */
const DROPPED_TOKEN = 'mcp-eval-stream-drop';
const REISSUED_TOKEN = 'mcp-eval-stream-drop-reissued';

type ReissueFailureLabel = `reissue-${FailureKind}`;

/** One label per failure kind of the re-issued request: what went wrong is in the label, numbers aside. */
const REISSUE_FAILURE_LABELS = Object.fromEntries(
  FAILURE_KINDS.map((kind) => [`reissue-${kind}`, `The re-issued request got no answer after the drop: transport failure \`${kind}\`.`]),
) as Record<ReissueFailureLabel, string>;

const LABELS = {
  'answered-before-drop':
    'The answer came before drop_after notifications had streamed, so nothing was dropped: pick a call whose answer streams (progress) for longer.',
  'failed-before-drop': 'The request failed (timeout, crash, closed connection) before its stream could be dropped.',
  'reissue-rpc-error': 'The re-issued request was answered with a JSON-RPC error.',
  'reissue-tool-error': 'The re-issued request was answered with a tool error (`isError: true`).',
  'reissue-input-required': 'The re-issued request was answered with `input_required` instead of its result.',
  ...REISSUE_FAILURE_LABELS,
  'unhealthy-after-drop': 'The re-issued request was answered, but the `tools/list` that follows was not: the server stopped serving.',
  'not-applicable-stdio': 'Skipped: the connection has no per-request response stream to drop (stdio).',
  ...MUTATION_GATE_LABELS,
} as const;

export type StreamDropLabel = keyof typeof LABELS;

const params = Type.Object(
  {
    tool: Type.String({ minLength: 1, description: 'A read-only tool whose answer streams (progress notifications) before it completes.' }),
    arguments: argumentsParam('The arguments of the request and its re-issue.'),
    drop_after: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_DROP_AFTER_MESSAGES,
        default: DEFAULT_DROP_AFTER,
        description: `Notifications to receive on the response stream before dropping the connection (1-${MAX_DROP_AFTER_MESSAGES}).`,
      }),
    ),
    read_only: READ_ONLY_PARAM,
  },
  { additionalProperties: false },
);

export type StreamDropParams = Static<typeof params>;

/**
 * The 2026-07-28 revision has no SSE resumption: a broken response stream loses the request, and
 * the client re-issues it under a new id. Open a call whose answer streams, drop the connection
 * after its first notification(s) (no cancellation is announced), re-issue it, and the server must
 * answer the new request and go on serving. The same in the legacy era, where a disconnect is not
 * a cancellation either.
 */
export const streamDrop = defineCheck<Static<typeof params>, StreamDropLabel>({
  id: 'stream-drop',
  kind: 'probe',
  title: 'Stream drop',
  summary:
    'After a streaming answer is dropped part-way, the same request re-issued under a new id is answered, and the server goes on serving.',
  params,
  calledTools: namedTool,
  labels: LABELS,
  async run(ctx, params): Promise<Outcome<StreamDropLabel>> {
    const { tool } = params;
    const { connection } = ctx;
    if (!connection.traits.cancelByClosingStream) return { status: 'skip', label: 'not-applicable-stdio', tool };
    const gate = await passMutationGate(ctx, [tool], params.read_only);
    if (!gate.open) return closedGateOutcome(gate);
    const dropAfter = params.drop_after ?? DEFAULT_DROP_AFTER;
    const measurements: Record<string, number> = { dropAfter };
    const finish = (status: 'fail' | 'error', label: StreamDropLabel): Outcome<StreamDropLabel> => ({ status, label, tool, measurements });
    const call = { name: tool, arguments: params.arguments };

    const dropped = await connection.request('tools/call', call, {
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
      meta: { progressToken: DROPPED_TOKEN },
      dropStreamAfter: dropAfter,
    });
    measurements.dropLatencyMs = roundMs(dropped.latencyMs);
    measurements.notificationsBeforeDrop = dropped.notifications.length;
    if (dropped.outcome !== 'transport-failure') return finish('error', 'answered-before-drop');
    if (dropped.failure !== 'cancelled' || ctx.signal.aborted) return finish('fail', 'failed-before-drop');

    // connection.request gives the re-issue a new id, as a client recovering from the drop would.
    const droppedAt = performance.now();
    const reissued = await connection.request('tools/call', call, {
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
      meta: { progressToken: REISSUED_TOKEN },
    });
    measurements.recoveryMs = roundMs(performance.now() - droppedAt);
    const outcome = classifyCall(reissued);
    if (outcome.kind === 'transport-failure') return finish('fail', `reissue-${outcome.failure}`);
    if (outcome.kind !== 'success') return finish('fail', `reissue-${outcome.kind}`);

    const health = await connection.request('tools/list', {}, { timeoutMs: ctx.timeoutMs, signal: ctx.signal });
    measurements.healthy = health.outcome === 'result' ? 1 : 0;
    if (measurements.healthy === 0) return finish('fail', 'unhealthy-after-drop');
    return { status: 'pass', tool, measurements };
  },
});
