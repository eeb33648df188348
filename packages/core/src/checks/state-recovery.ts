import Type, { type Static } from 'typebox';

import { argumentsParam } from '../calls/arguments-param.js';
import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import type { Measurements } from '../record.js';
import { callTool } from '../calls/call-tool.js';
import type { CallKind } from '../calls/classify-call.js';
import { classifyCall } from '../calls/classify-call.js';
import { MUTATION_GATE_LABELS, closedGateOutcome, passMutationGate } from '../calls/mutation-gate.js';
import type { StarterCase, StarterInput } from '../starter/starter-case.js';
import { all, CALLABLE, complete, pickTool } from '../starter/pick-tool.js';
import { argumentsMap, readOnlyEntries, unsafeNote } from '../starter/call-entries.js';
import type { StarterTool, YamlEntry } from '../starter/starter-case.js';
import { YamlMap } from '../starter/starter-case.js';

const labels = {
  'mutation-not-allowed':
    "Skipped before any call: a step is declared `mutating` and the run has no declared `sandbox` with `--allow-mutation`, or a step's tool is neither annotated `readOnlyHint: true` nor vouched for by `read_only: true`. No call was sent.",
  'catalog-unreadable': MUTATION_GATE_LABELS['catalog-unreadable'],
  'failure-not-observed': 'The failure call did not fail (it succeeded or asked for input), so there was nothing to recover from.',
  'recovery-failed': 'The recovery call did not succeed (a tool error, a JSON-RPC error, or a request for input).',
  'validation-failed': 'Recovery reported success, but the validation call did not succeed: the state was not restored.',
  'transport-failure': 'A call got no answer (timeout, crash, closed connection, oversized or malformed response).',
} as const;

export type StateRecoveryLabel = keyof typeof labels;

function stepSchema(role: string) {
  return Type.Object(
    {
      tool: Type.String({ minLength: 1, description: 'Name of the tool this step calls.' }),
      arguments: argumentsParam("Arguments of this step's call."),
      mutating: Type.Optional(
        Type.Boolean({
          default: false,
          description:
            'The call changes server state. Any mutating step needs a declared `sandbox` and `--allow-mutation`, whatever `read_only` says, or the case is skipped before any call.',
        }),
      ),
    },
    { description: role, additionalProperties: false },
  );
}

export type StateRecoveryStep = Static<ReturnType<typeof stepSchema>>;

/** Measurements for a step that did not go as required: which step, and its JSON-RPC code if any. */
function stepNumbers(step: number, call: CallKind): Measurements {
  return { step, ...(call.kind === 'rpc-error' ? { jsonRpcCode: call.error.code } : {}) };
}

const params = Type.Object(
  {
    failure: stepSchema('The call that must fail (a tool error or a JSON-RPC error), showing the broken state.'),
    recovery: stepSchema('The call that puts things right; it must succeed.'),
    validation: stepSchema('The call that proves the state is restored; it must succeed.'),
    read_only: Type.Optional(
      Type.Boolean({
        description:
          '`true` vouches that the tools of the steps not declared `mutating` only read. Mutating steps always need a declared `sandbox` and `--allow-mutation`.',
      }),
    ),
  },
  { additionalProperties: false },
);

export type StateRecoveryParams = Static<typeof params>;

/** init's starter case: a reader for failure and validation, a closed-world writer for the recovery. */
function starter({ tools }: StarterInput): StarterCase | undefined {
  const reader = pickTool(tools, CALLABLE);
  // A mutating step never goes to a tool that may reach the outside world (the spec's default).
  const closedWorld = tools.filter((t) => !t.openWorld);
  const writer = pickTool(closedWorld, [all((t) => !t.readOnly, complete), (t) => !t.readOnly]);
  const recovery = writer ?? pickTool(closedWorld, CALLABLE);
  if (reader === undefined || recovery === undefined) return undefined;
  const step = (tool: StarterTool, extra: YamlEntry[]): YamlMap => new YamlMap([{ key: 'tool', value: tool.name }, ...extra]);
  return {
    comments: [
      'A failure, a recovery that puts things right, and a validation that proves it.',
      'TODO: choose the three calls. The recovery is marked mutating, so without a sandbox and --allow-mutation',
      'this case is skipped (mutation-not-allowed) and sends nothing.',
      ...(writer === undefined
        ? ['TODO: the server lists no tool that is not read-only (and openWorldHint: false); the recovery step is a placeholder.']
        : []),
      ...(reader.readOnly ? [] : unsafeNote(reader, false)),
    ],
    entries: [
      { key: 'id', value: 'state-recovers' },
      { key: 'dimension', value: 'state-recovery' },
      {
        key: 'failure',
        value: step(reader, [{ key: 'arguments', value: new YamlMap([]), todo: 'a call that fails while the state is broken' }]),
      },
      {
        key: 'recovery',
        value: step(recovery, [
          { key: 'arguments', value: argumentsMap(recovery) },
          { key: 'mutating', value: true },
        ]),
      },
      { key: 'validation', value: step(reader, [{ key: 'arguments', value: argumentsMap(reader) }]) },
      ...readOnlyEntries(reader),
    ],
  };
}

/**
 * After a failure, can an agent put things right? The declared failure must be observed, the
 * declared recovery must succeed, and validation must then succeed: a recovery that reports
 * success without restoring state is caught by validation.
 */
export const stateRecovery = defineCheck<Static<typeof params>, StateRecoveryLabel>({
  id: 'state-recovery',
  kind: 'dimension',
  title: 'State recovery',
  summary: 'After the declared failure is observed, the declared recovery call succeeds and the validation call then succeeds.',
  params,
  labels,
  starter,
  calledTools: (params) => [params.failure.tool, params.recovery.tool, params.validation.tool],
  async run(ctx, params): Promise<Outcome<StateRecoveryLabel>> {
    const steps = [params.failure, params.recovery, params.validation] as const;
    const mutatingSteps = steps.filter((s) => s.mutating === true).length;
    // Decided before the first call: a skipped case must leave the server untouched.
    if (mutatingSteps > 0 && !ctx.allowMutation) {
      return { status: 'skip', label: 'mutation-not-allowed', tool: params.recovery.tool, measurements: { mutatingSteps } };
    }
    // The remaining steps go through the one gate every tool-calling check uses.
    const gate = await passMutationGate(
      ctx,
      steps.map((s) => s.tool),
      params.read_only,
    );
    if (!gate.open) return closedGateOutcome(gate);
    const run = async (step: StateRecoveryStep): Promise<CallKind> =>
      classifyCall(await callTool(ctx, ctx.connection, step.tool, step.arguments));

    const failure = await run(params.failure);
    if (failure.kind === 'transport-failure')
      return { status: 'fail', label: 'transport-failure', tool: params.failure.tool, measurements: stepNumbers(1, failure) };
    if (failure.kind !== 'tool-error' && failure.kind !== 'rpc-error') {
      return { status: 'fail', label: 'failure-not-observed', tool: params.failure.tool, measurements: stepNumbers(1, failure) };
    }

    const recovery = await run(params.recovery);
    if (recovery.kind === 'transport-failure')
      return { status: 'fail', label: 'transport-failure', tool: params.recovery.tool, measurements: stepNumbers(2, recovery) };
    if (recovery.kind !== 'success')
      return { status: 'fail', label: 'recovery-failed', tool: params.recovery.tool, measurements: stepNumbers(2, recovery) };

    const validation = await run(params.validation);
    if (validation.kind === 'transport-failure') {
      return { status: 'fail', label: 'transport-failure', tool: params.validation.tool, measurements: stepNumbers(3, validation) };
    }
    if (validation.kind !== 'success') {
      return { status: 'fail', label: 'validation-failed', tool: params.validation.tool, measurements: stepNumbers(3, validation) };
    }
    return { status: 'pass', tool: params.recovery.tool, measurements: { steps: 3, mutatingSteps } };
  },
});
