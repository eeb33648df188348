import Type, { type Static } from 'typebox';
import { isRecord } from '@mcp-eval/protocol';

import { argumentsParam } from '../calls/arguments-param.js';
import type { Outcome } from '../check.js';
import { defineCheck } from '../check.js';
import { callTool } from '../calls/call-tool.js';
import { classifyCall } from '../calls/classify-call.js';
import { evaluatedNothing } from '../evaluated-nothing.js';
import { MUTATION_GATE_LABELS, READ_ONLY_PARAM, closedGateOutcome, gateFromWalk } from '../calls/mutation-gate.js';
import { catalogTools } from '../catalog/catalog-snapshot.js';
import { findTool } from '../catalog/list-tools.js';
import type { StarterCase, StarterInput } from '../starter/starter-case.js';
import { all, CALLABLE, complete, pickTool, readOnly } from '../starter/pick-tool.js';
import { callEntries, unsafeNote } from '../starter/call-entries.js';
import { namedTool } from '../calls/called-tool.js';

const LABELS = {
  'output-covered': 'structuredContent holds every field the declared outputSchema requires.',
  'no-output-schema': 'Skipped: the tool declares no outputSchema, so there is no output contract to check; no call was sent.',
  'required-fields-missing':
    'structuredContent lacks fields the outputSchema requires (their number is in missingFields; names are never reported).',
  'structured-content-missing': 'The tool declares an outputSchema but its successful result has no structuredContent.',
  'call-failed':
    'The declared call did not succeed (JSON-RPC error, isError result, input_required or no answer), so there was no output to check.',
  'tool-not-listed': 'tools/list does not list the declared tool.',
  ...MUTATION_GATE_LABELS,
} as const;

export type OutputSchemaLabel = keyof typeof LABELS;

/** The top-level `required` names of a schema; nested requirements are out of scope (presence only). */
function requiredFields(schema: Record<string, unknown>): string[] {
  const required = schema.required;
  return Array.isArray(required) ? [...new Set(required.filter((r): r is string => typeof r === 'string'))] : [];
}

const params = Type.Object(
  {
    tool: Type.String({ minLength: 1, description: 'The tool whose declared outputSchema is checked.' }),
    arguments: argumentsParam('Arguments for a call that should succeed.'),
    read_only: READ_ONLY_PARAM,
  },
  { additionalProperties: false },
);

export type OutputSchemaParams = Static<typeof params>;

/** init's starter case: a tool declaring an outputSchema (else any callable one, a trivial pass). */
function starter({ tools }: StarterInput): StarterCase | undefined {
  const structured = pickTool(tools, [
    all((t) => t.hasOutputSchema, readOnly, complete),
    all((t) => t.hasOutputSchema, readOnly),
    (t) => t.hasOutputSchema,
  ]);
  const outputTool = structured ?? pickTool(tools, CALLABLE);
  if (outputTool === undefined) return undefined;
  return {
    comments: structured
      ? ['A tool with an outputSchema must return structuredContent with its required fields.', ...unsafeNote(outputTool, false)]
      : ['No tool declares an outputSchema: this case passes (no-output-schema) without a call until one does.'],
    entries: [{ key: 'id', value: 'output-matches-schema' }, { key: 'probe', value: 'output-schema' }, ...callEntries(outputTool)],
  };
}

/**
 * Calls one tool and checks that its `structuredContent` carries every field its declared
 * `outputSchema` requires. Values are never inspected, and field names (server text) never leave.
 */
export const outputSchema = defineCheck<Static<typeof params>, OutputSchemaLabel>({
  id: 'output-schema',
  kind: 'probe',
  title: 'Output schema',
  summary: 'A tool that declares an outputSchema returns structuredContent with every required field.',
  params,
  calledTools: namedTool,
  labels: LABELS,
  starter,
  async run(ctx, params): Promise<Outcome<OutputSchemaLabel>> {
    const walk = await catalogTools(ctx);
    const entry = findTool(walk, params.tool);
    if (entry === undefined) {
      const label = walk.problem === undefined ? 'tool-not-listed' : 'catalog-unreadable';
      return { status: 'error', label, tool: params.tool, measurements: { pages: walk.pages } };
    }
    if (!isRecord(entry.outputSchema)) return evaluatedNothing('no-output-schema', undefined, params.tool);
    const required = requiredFields(entry.outputSchema);
    const gate = gateFromWalk(ctx, walk, [params.tool], params.read_only);
    if (!gate.open) return closedGateOutcome(gate);

    const exchange = await callTool(ctx, ctx.connection, params.tool, params.arguments);
    const call = classifyCall(exchange);
    const base = { requiredFields: required.length, latencyMs: exchange.latencyMs };
    if (call.kind !== 'success') {
      const code: Record<string, number> = call.kind === 'rpc-error' ? { jsonRpcCode: call.error.code } : {};
      return { status: 'fail', label: 'call-failed', tool: params.tool, measurements: { ...base, ...code } };
    }
    const structured = call.result.structuredContent;
    if (structured === undefined || structured === null) {
      return { status: 'fail', label: 'structured-content-missing', tool: params.tool, measurements: base };
    }
    // 2026-07-28 allows a non-object root; then only an object could hold required fields.
    const missing = required.filter((name) => !isRecord(structured) || !Object.hasOwn(structured, name)).length;
    const measurements = { ...base, presentFields: required.length - missing, missingFields: missing };
    const label: OutputSchemaLabel = missing === 0 ? 'output-covered' : 'required-fields-missing';
    const findings = [{ label, tool: params.tool, measurements }];
    return { status: missing === 0 ? 'pass' : 'fail', label, tool: params.tool, measurements, findings };
  },
});
