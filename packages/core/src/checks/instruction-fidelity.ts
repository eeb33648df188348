import Type, { type Static } from 'typebox';

import { argumentsParam } from '../calls/arguments-param.js';
import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { callTool } from '../calls/call-tool.js';
import type { CallKind } from '../calls/classify-call.js';
import { classifyCall } from '../calls/classify-call.js';
import { readErrorMetadata } from '../calls/error-metadata.js';
import { machineOutcome } from '../calls/machine-outcome.js';
import { MUTATION_GATE_LABELS, READ_ONLY_PARAM, closedGateOutcome, passMutationGate } from '../calls/mutation-gate.js';
import { resolveAddress, SAFE_ADDRESS, safeAddressParam } from '../json-pointer.js';
import type { Finding } from '../record.js';
import type { StarterCase, StarterInput } from '../starter/starter-case.js';
import { all, CALLABLE, complete, pickTool, readOnly } from '../starter/pick-tool.js';
import { callEntries, unsafeNote } from '../starter/call-entries.js';
import { YamlMap } from '../starter/starter-case.js';
import { namedTool } from '../calls/called-tool.js';

type Scalar = string | number | boolean | null;

const LABELS = {
  'expectation-met': "The call's machine-readable outcome matched everything `expect` declared.",
  'field-missing': "Nothing is at this address of the outcome (the finding's pointer is the address as written in the manifest).",
  'value-mismatch': 'The value at this address is not the declared scalar (the value itself is never reported).',
  'no-machine-outcome': 'The result has neither structuredContent nor a first text content that parses as JSON.',
  'unexpected-error': 'The call failed (JSON-RPC error or isError result) although `expect` declares no error_code.',
  'error-expected': '`expect.error_code` is declared but the call succeeded.',
  'error-code-missing': 'The call failed as expected, but its error carries no stable code.',
  'error-code-mismatch': 'The call failed with a different stable error code than `expect.error_code`.',
  'input-required': 'The call asked for client input (input_required) instead of completing.',
  'no-answer': 'The call got no answer: timeout, crash, closed connection or an unparseable reply.',
  ...MUTATION_GATE_LABELS,
} as const;

export type InstructionFidelityLabel = keyof typeof LABELS;
type FidelityFinding = Finding & { readonly label: InstructionFidelityLabel };

const SCALAR = { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }] } as const;

/** What the error side of `expect` found; an empty list when it holds. */
function errorFindings(call: CallKind, expected: string | number | undefined): FidelityFinding[] {
  const failed = call.kind === 'rpc-error' || call.kind === 'tool-error';
  if (expected === undefined) return failed ? [{ label: 'unexpected-error' }] : [];
  if (!failed) return [{ label: 'error-expected' }];
  const code = readErrorMetadata(call)?.code;
  if (code === undefined) return [{ label: 'error-code-missing' }];
  return code === expected ? [] : [{ label: 'error-code-mismatch' }];
}

/** Field and value findings, each named by the address the manifest wrote. */
function outcomeFindings(outcome: unknown, expect: InstructionFidelityParams['expect']): FidelityFinding[] {
  const findings: FidelityFinding[] = [];
  for (const address of expect.fields ?? []) {
    if (resolveAddress(outcome, address) === undefined) findings.push({ label: 'field-missing', pointer: address });
  }
  for (const [address, expected] of Object.entries(expect.values ?? {})) {
    const actual = resolveAddress(outcome, address);
    if (actual === undefined) findings.push({ label: 'field-missing', pointer: address });
    else if (actual !== expected) findings.push({ label: 'value-mismatch', pointer: address });
  }
  return findings;
}

const params = Type.Object(
  {
    tool: Type.String({ minLength: 1, description: 'The tool to call.' }),
    arguments: argumentsParam('The arguments of the call.'),
    read_only: READ_ONLY_PARAM,
    expect: Type.Object(
      {
        fields: Type.Optional(Type.Array(safeAddressParam(), { minItems: 1, description: 'Addresses that must hold a value.' })),
        values: Type.Optional(
          Type.Unsafe<Record<string, Scalar>>({
            type: 'object',
            minProperties: 1,
            propertyNames: SAFE_ADDRESS,
            additionalProperties: SCALAR,
            description: 'Address → the exact scalar (string, number, boolean or null) it must hold.',
          }),
        ),
        error_code: Type.Optional(
          Type.Union([Type.String(), Type.Number()], {
            description: 'The call must fail with this stable error code, read as error-honesty reads it.',
          }),
        ),
      },
      {
        additionalProperties: false,
        minProperties: 1,
        description:
          'What the outcome must show. Addresses are top-level field names or JSON Pointers (leading /) into the machine-readable outcome.',
      },
    ),
  },
  { additionalProperties: false },
);

export type InstructionFidelityParams = Static<typeof params>;

/** init's starter case: a tool with required output fields (else any callable one), expecting them. */
function starter({ tools }: StarterInput): StarterCase | undefined {
  const promising =
    pickTool(tools, [
      all((t) => t.outputFields.length > 0, readOnly, complete),
      all((t) => t.outputFields.length > 0, readOnly),
      (t) => t.outputFields.length > 0,
    ]) ?? pickTool(tools, CALLABLE);
  if (promising === undefined) return undefined;
  const fields = promising.outputFields.length > 0 ? promising.outputFields : ['TODO'];
  return {
    comments: ["The call's machine-readable outcome must hold what the tool promises.", ...unsafeNote(promising, false)],
    entries: [
      { key: 'id', value: 'does-what-it-says' },
      { key: 'probe', value: 'instruction-fidelity' },
      ...callEntries(promising),
      {
        key: 'expect',
        value: new YamlMap([
          {
            key: 'fields',
            value: [...fields],
            todo:
              promising.outputFields.length > 0
                ? 'fields its output schema requires; add values: { field: expected } for claims in its description'
                : 'the fields the tool promises to return',
          },
        ]),
      },
    ],
  };
}

/**
 * One call, its machine-readable outcome compared with what the manifest says an agent was told
 * to expect. No model is involved: the comparison is exact, and only addresses and labels leave.
 */
export const instructionFidelity = defineCheck<Static<typeof params>, InstructionFidelityLabel>({
  id: 'instruction-fidelity',
  kind: 'probe',
  title: 'Instruction fidelity',
  summary: "The declared call's machine-readable outcome has the declared fields, scalar values or error code.",
  params,
  calledTools: namedTool,
  labels: LABELS,
  starter,
  async run(ctx, params): Promise<Outcome<InstructionFidelityLabel>> {
    const gate = await passMutationGate(ctx, [params.tool], params.read_only);
    if (!gate.open) return closedGateOutcome(gate);
    const exchange = await callTool(ctx, ctx.connection, params.tool, params.arguments);
    const call = classifyCall(exchange);
    const measurements = { latencyMs: exchange.latencyMs, ...(call.kind === 'rpc-error' ? { jsonRpcCode: call.error.code } : {}) };
    if (call.kind === 'transport-failure') return { status: 'fail', label: 'no-answer', tool: params.tool, measurements };
    if (call.kind === 'input-required') return { status: 'fail', label: 'input-required', tool: params.tool, measurements };

    const { expect } = params;
    const errors = errorFindings(call, expect.error_code);
    // A call that failed when success was expected has no outcome worth comparing field by field.
    const unexpected = errors.some((f) => f.label === 'unexpected-error');
    const wantsOutcome = !unexpected && ((expect.fields?.length ?? 0) > 0 || Object.keys(expect.values ?? {}).length > 0);
    const outcome = call.kind === 'rpc-error' ? undefined : machineOutcome(call.result);
    const findings: FidelityFinding[] = [
      ...errors,
      ...(wantsOutcome && outcome === undefined ? [{ label: 'no-machine-outcome' as const }] : []),
      ...(wantsOutcome ? outcomeFindings(outcome, expect) : []),
    ];
    const [first] = findings;
    if (first === undefined) return { status: 'pass', label: 'expectation-met', tool: params.tool, measurements };
    return {
      status: 'fail',
      label: first.label,
      tool: params.tool,
      measurements: { ...measurements, mismatches: findings.length },
      findings,
    };
  },
});
