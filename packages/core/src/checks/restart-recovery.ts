import Type, { type Static } from 'typebox';
import type { Connection, Exchange } from '@mcp-eval/protocol';

import { argumentsParam } from '../calls/arguments-param.js';
import type { CheckContext, Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { callTool } from '../calls/call-tool.js';
import { classifyCall } from '../calls/classify-call.js';
import { roundMs } from '../calls/latency-summary.js';
import { MUTATION_GATE_LABELS, READ_ONLY_PARAM, closedGateOutcome, passMutationGate } from '../calls/mutation-gate.js';
import { resultDigest } from '../calls/result-digest.js';
import { namedTool } from '../calls/called-tool.js';

/** From starting the fresh process to the call's answer, by default. */
export const DEFAULT_RECOVERY_BUDGET_MS = 10_000;
/** The largest budget a case may set; the case's own time limit must allow it too. */
export const MAX_RECOVERY_BUDGET_MS = 60_000;

const LABELS = {
  'first-call-failed': 'The call did not succeed before the restart, so there was nothing to recover: check it works on its own.',
  'restart-failed': 'After the server process was killed, a fresh one could not be started and initialized.',
  'call-failed-after-restart': 'The fresh process did not answer the same call with a success.',
  'recovery-over-budget': 'The fresh process answered, but later than max_recovery_ms after it was started.',
  'result-changed-after-restart':
    'The fresh process answered the same read-only call differently (its result hash changed): the restart lost or changed state. With `expect_same_result: false` this is measured (`resultChanged`), not failed.',
  'not-applicable-http': 'Skipped: over HTTP the evaluator does not own the server process, so it cannot kill and restart it.',
  ...MUTATION_GATE_LABELS,
} as const;

export type RestartRecoveryLabel = keyof typeof LABELS;

const params = Type.Object(
  {
    tool: Type.String({ minLength: 1, description: 'The read-only tool called before and after the restart.' }),
    arguments: argumentsParam('The arguments of both calls.'),
    max_recovery_ms: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_RECOVERY_BUDGET_MS,
        default: DEFAULT_RECOVERY_BUDGET_MS,
        description: `Milliseconds from starting the fresh process to its successful answer (1-${MAX_RECOVERY_BUDGET_MS}).`,
      }),
    ),
    expect_same_result: Type.Optional(
      Type.Boolean({
        default: true,
        description: '`true` fails a call whose result changed across the restart; `false` only measures it (`resultChanged`).',
      }),
    ),
    read_only: READ_ONLY_PARAM,
  },
  { additionalProperties: false },
);

export type RestartRecoveryParams = Static<typeof params>;

async function connectOrUndefined(ctx: CheckContext): Promise<Connection | undefined> {
  try {
    return await ctx.openConnection();
  } catch {
    return undefined;
  }
}

function succeeded(exchange: Exchange): string | undefined {
  const call = classifyCall(exchange);
  return call.kind === 'success' ? resultDigest(call.result) : undefined;
}

/**
 * Kill the server between two calls of a read-only tool and start a fresh one: the call must
 * succeed again within a budget, and the same answer (by hash) shows no state was lost. Both
 * processes are the probe's own, so the run's connection is never the one killed.
 */
export const restartRecovery = defineCheck<Static<typeof params>, RestartRecoveryLabel>({
  id: 'restart-recovery',
  kind: 'probe',
  title: 'Restart recovery',
  summary:
    'After the server process is killed and started afresh, the same read-only call succeeds again within the budget, with the same result.',
  params,
  calledTools: namedTool,
  labels: LABELS,
  async run(ctx, params): Promise<Outcome<RestartRecoveryLabel>> {
    const { tool } = params;
    if (!ctx.connection.traits.ownsServer) return { status: 'skip', label: 'not-applicable-http', tool };
    const gate = await passMutationGate(ctx, [tool], params.read_only);
    if (!gate.open) return closedGateOutcome(gate);
    const budgetMs = params.max_recovery_ms ?? DEFAULT_RECOVERY_BUDGET_MS;
    const measurements: Record<string, number> = { recoveryBudgetMs: budgetMs };
    const fail = (label: RestartRecoveryLabel): Outcome<RestartRecoveryLabel> => ({ status: 'fail', label, tool, measurements });

    const first = await connectOrUndefined(ctx);
    if (first === undefined) return fail('restart-failed');
    const before = await callTool(ctx, first, tool, params.arguments);
    measurements.firstCallLatencyMs = roundMs(before.latencyMs);
    const beforeDigest = succeeded(before);
    if (beforeDigest === undefined) return fail('first-call-failed');

    // Closing our own stdio connection signals the server's process group (SIGTERM, then SIGKILL).
    const stoppedAt = performance.now();
    await first.close();
    measurements.stopMs = roundMs(performance.now() - stoppedAt);

    const startedAt = performance.now();
    const second = await connectOrUndefined(ctx);
    if (second === undefined) return fail('restart-failed');
    measurements.restartMs = roundMs(performance.now() - startedAt);
    const after = await callTool(ctx, second, tool, params.arguments);
    measurements.recoveryMs = roundMs(performance.now() - startedAt);
    measurements.secondCallLatencyMs = roundMs(after.latencyMs);
    const afterDigest = succeeded(after);
    if (afterDigest === undefined) return fail('call-failed-after-restart');
    measurements.resultChanged = afterDigest === beforeDigest ? 0 : 1;
    if (measurements.recoveryMs > budgetMs) return fail('recovery-over-budget');
    if (measurements.resultChanged === 1 && params.expect_same_result !== false) return fail('result-changed-after-restart');
    return { status: 'pass', tool, measurements };
  },
});
