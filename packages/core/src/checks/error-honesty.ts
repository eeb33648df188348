import Type, { type Static, type TString } from 'typebox';

import { argumentsParam } from '../calls/arguments-param.js';
import { defineCheck } from '../check.js';
import type { Measurements } from '../record.js';
import { callTool } from '../calls/call-tool.js';
import type { CallKind } from '../calls/classify-call.js';
import { classifyCall } from '../calls/classify-call.js';
import type { ErrorPointers } from '../calls/error-metadata.js';
import { readErrorMetadata } from '../calls/error-metadata.js';
import { safeAddressParam } from '../json-pointer.js';
import { MUTATION_GATE_LABELS, READ_ONLY_PARAM, closedGateOutcome, passMutationGate } from '../calls/mutation-gate.js';
import type { StarterCase, StarterInput } from '../starter/starter-case.js';
import { all, pickTool, readOnly, takesArguments } from '../starter/pick-tool.js';
import { readOnlyEntries, unsafeNote } from '../starter/call-entries.js';
import { YamlMap } from '../starter/starter-case.js';
import { namedTool } from '../calls/called-tool.js';

const DEFAULT_MAX_ATTEMPTS = 3;

const labels = {
  'retryable-recovered': 'Pass: the error was declared retryable, as expected, and a retry succeeded within `max_attempts`.',
  'non-retryable-confirmed': 'Pass: the error was declared non-retryable, as expected, and one confirmation retry failed the same way.',
  'no-initial-error': 'The first call did not fail, so there was no error to judge (it succeeded or asked for input).',
  'no-error-code': 'An error carried no stable code where the check reads it (or where `error_code_pointer` points).',
  'no-retryable-flag': 'An error carried no boolean retryable flag where the check reads it (or where `retryable_pointer` points).',
  'retryable-mismatch': "The first error's retryable flag differs from `expect_retryable`.",
  'did-not-recover': 'The error was declared retryable, but no retry succeeded within `max_attempts` calls.',
  'succeeded-on-retry':
    'The error was declared non-retryable, yet the confirmation retry did not fail (it succeeded, or asked for input): the flag was not honest.',
  'code-changed': 'The confirmation retry of a non-retryable error failed with a different error code.',
  'became-retryable': 'The confirmation retry of a non-retryable error came back declared retryable.',
  'transport-failure': 'A call got no answer (timeout, crash, closed connection, oversized or malformed response).',
  ...MUTATION_GATE_LABELS,
} as const;

export type ErrorHonestyLabel = keyof typeof labels;

const pointerSchema = (what: string): TString =>
  safeAddressParam({
    description: `Where to read the ${what} instead of the default places: a JSON Pointer (leading \`/\`) or a top-level field name, resolved against the JSON-RPC \`error\` object for a JSON-RPC error and against the call result for a tool error (\`isError: true\`).`,
  });

/** A verdict's numbers: the attempt it was reached on, the budget, and the first error's JSON-RPC code. */
function numbers(attempt: number, maxAttempts: number, first: CallKind): Measurements {
  return { attempt, maxAttempts, ...(first.kind === 'rpc-error' ? { jsonRpcCode: first.error.code } : {}) };
}

const params = Type.Object(
  {
    tool: Type.String({ minLength: 1, description: 'Name of the tool to call; with `arguments`, the call must fail.' }),
    arguments: argumentsParam('Arguments that make the tool fail (e.g. a missing id, an unavailable dependency).'),
    expect_retryable: Type.Boolean({
      description: 'Whether the error should be declared retryable: `true` for transient failures, `false` for permanent ones.',
    }),
    max_attempts: Type.Optional(
      Type.Integer({
        minimum: 2,
        default: DEFAULT_MAX_ATTEMPTS,
        description: 'Retryable errors only: total calls allowed, the initial failing call counted as attempt 1, for a retry to succeed.',
      }),
    ),
    error_code_pointer: Type.Optional(pointerSchema('stable error code')),
    retryable_pointer: Type.Optional(pointerSchema('boolean retryable flag')),
    read_only: READ_ONLY_PARAM,
  },
  { additionalProperties: false },
);

export type ErrorHonestyParams = Static<typeof params>;

/**
 * What the server must send to pass, where `readErrorMetadata` reads it. Most servers send text
 * only, so the starter case says this up front: a fail here is a true finding, not a broken case.
 */
const PASS_NOTE = [
  'To pass, the failure must be machine-readable: an `isError: true` result whose structuredContent has `code`',
  '(a string or number) and `retryable` (a boolean), at the top level or under `error`; or a JSON-RPC error whose',
  '`data.retryable` is a boolean (its code is `data.code`, else the error code). An error in text alone fails as',
  'no-error-code or no-retryable-flag. Fields kept elsewhere: set error_code_pointer and retryable_pointer.',
];

/** init's starter case: a tool that takes arguments, with the failing arguments left to a person. */
function starter({ tools }: StarterInput): StarterCase | undefined {
  const failing = pickTool(tools, [all(readOnly, takesArguments), readOnly, takesArguments, () => true]);
  if (failing === undefined) return undefined;
  return {
    comments: ['A failing call must return a stable error code and honest retryable metadata.', ...PASS_NOTE, ...unsafeNote(failing, true)],
    entries: [
      { key: 'id', value: 'errors-are-honest' },
      { key: 'dimension', value: 'error-honesty' },
      { key: 'tool', value: failing.name },
      {
        key: 'arguments',
        value: new YamlMap([]),
        todo:
          failing.arguments.length > 0
            ? 'leaving out the required arguments makes most servers refuse the call; use arguments that fail the way real calls do (e.g. an id that does not exist)'
            : 'arguments that make this call fail (the tool takes no required arguments, so {} probably succeeds)',
      },
      { key: 'expect_retryable', value: false, todo: 'true if this failure is transient and the server should say so' },
      ...readOnlyEntries(failing),
    ],
  };
}

/**
 * Does the server's error tell an agent the truth about what to do next? An error must carry a
 * stable code and a retryable flag, and the flag must hold up: a retryable error recovers when
 * retried, a non-retryable one keeps failing the same way. Attempt 1 is the initial call.
 */
export const errorHonesty = defineCheck<Static<typeof params>, ErrorHonestyLabel>({
  id: 'error-honesty',
  kind: 'dimension',
  title: 'Error honesty',
  summary:
    'The call fails with a stable error code and a retryable flag matching expectation, and the flag holds up: retryable errors recover within max_attempts, non-retryable ones stay so.',
  params,
  calledTools: namedTool,
  labels,
  starter,
  async run(ctx, params) {
    const { tool } = params;
    const maxAttempts = params.max_attempts ?? DEFAULT_MAX_ATTEMPTS;
    const pointers: ErrorPointers = {
      ...(params.error_code_pointer === undefined ? {} : { errorCodePointer: params.error_code_pointer }),
      ...(params.retryable_pointer === undefined ? {} : { retryablePointer: params.retryable_pointer }),
    };
    const gate = await passMutationGate(ctx, [tool], params.read_only);
    if (!gate.open) return closedGateOutcome(gate);
    const attempt = async (): Promise<CallKind> => classifyCall(await callTool(ctx, ctx.connection, tool, params.arguments));

    const first = await attempt();
    if (first.kind === 'transport-failure')
      return { status: 'fail', label: 'transport-failure', tool, measurements: numbers(1, maxAttempts, first) };
    const initial = readErrorMetadata(first, pointers);
    if (initial === undefined) return { status: 'fail', label: 'no-initial-error', tool, measurements: numbers(1, maxAttempts, first) };
    if (initial.code === undefined) return { status: 'fail', label: 'no-error-code', tool, measurements: numbers(1, maxAttempts, first) };
    if (initial.retryable === undefined)
      return { status: 'fail', label: 'no-retryable-flag', tool, measurements: numbers(1, maxAttempts, first) };
    if (initial.retryable !== params.expect_retryable) {
      return {
        status: 'fail',
        label: 'retryable-mismatch',
        tool,
        measurements: { ...numbers(1, maxAttempts, first), retryable: initial.retryable ? 1 : 0 },
      };
    }

    if (initial.retryable) {
      // Immediately, without backoff: the flag promises that retrying is the right move.
      for (let n = 2; n <= maxAttempts; n += 1) {
        const retry = await attempt();
        if (retry.kind === 'success')
          return { status: 'pass', label: 'retryable-recovered', tool, measurements: numbers(n, maxAttempts, first) };
        if (retry.kind === 'transport-failure')
          return { status: 'fail', label: 'transport-failure', tool, measurements: numbers(n, maxAttempts, first) };
      }
      return { status: 'fail', label: 'did-not-recover', tool, measurements: numbers(maxAttempts, maxAttempts, first) };
    }

    // Non-retryable: one confirmation attempt must fail the same way, still non-retryable.
    const confirmation = await attempt();
    const at = numbers(2, maxAttempts, first);
    if (confirmation.kind === 'transport-failure') return { status: 'fail', label: 'transport-failure', tool, measurements: at };
    const again = readErrorMetadata(confirmation, pointers);
    if (again === undefined) return { status: 'fail', label: 'succeeded-on-retry', tool, measurements: at };
    if (again.code === undefined) return { status: 'fail', label: 'no-error-code', tool, measurements: at };
    if (again.code !== initial.code) return { status: 'fail', label: 'code-changed', tool, measurements: at };
    if (again.retryable === undefined) return { status: 'fail', label: 'no-retryable-flag', tool, measurements: at };
    if (again.retryable) return { status: 'fail', label: 'became-retryable', tool, measurements: at };
    return { status: 'pass', label: 'non-retryable-confirmed', tool, measurements: at };
  },
});
