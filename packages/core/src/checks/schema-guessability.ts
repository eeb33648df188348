import Type, { type Static } from 'typebox';
import type { JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import { argumentsParam } from '../calls/arguments-param.js';
import { defineCheck } from '../check.js';
import type { Measurements } from '../record.js';
import { callTool } from '../calls/call-tool.js';
import { classifyCall } from '../calls/classify-call.js';
import { MUTATION_GATE_LABELS, READ_ONLY_PARAM, gateFromWalk } from '../calls/mutation-gate.js';
import { catalogTools } from '../catalog/catalog-snapshot.js';
import { findTool } from '../catalog/list-tools.js';
import type { StarterCase, StarterInput } from '../starter/starter-case.js';
import { CALLABLE, pickTool } from '../starter/pick-tool.js';
import { callEntries, unsafeNote } from '../starter/call-entries.js';
import { namedTool } from '../calls/called-tool.js';

const labels = {
  'tool-not-found': 'The catalog (every page of `tools/list`) has no tool with this name.',
  'schema-not-object': 'The tool has no `inputSchema`, or it is not a JSON Schema with `type: "object"`.',
  'schema-malformed': "The input schema's `properties` is not an object, or its `required` is not a list of strings.",
  'required-not-in-properties':
    'A field the schema marks `required` is not declared in its `properties`, so no caller can learn what it is.',
  'required-not-in-arguments':
    "A field the schema marks `required` is missing from the case's naive `arguments`: a first guess would not satisfy the schema.",
  'call-failed': 'The call with the naive arguments returned a result with `isError: true`.',
  'call-error': 'The call with the naive arguments was answered with a JSON-RPC error.',
  'call-input-required': 'The call asked for more input (an `input_required` result) instead of completing.',
  'list-error': '`tools/list` answered with a JSON-RPC error before the tool was found.',
  'list-invalid':
    '`tools/list` could not be walked to its end (malformed page, duplicate tool, repeated cursor, too many pages) before the tool was found.',
  'list-failed':
    '`tools/list` got no answer (timeout, crash, closed connection, oversized or malformed response) before the tool was found.',
  'transport-failure': 'The call got no answer (timeout, crash, closed connection, oversized or malformed response).',
  'mutation-not-allowed': MUTATION_GATE_LABELS['mutation-not-allowed'],
} as const;

export type SchemaGuessabilityLabel = keyof typeof labels;

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

interface RequiredCounts {
  readonly requiredFields: number;
  readonly missingFromProperties: number;
  readonly missingFromArguments: number;
}

/** Counts only: the field names come from the server's schema and must not leave the process. */
function countRequired(properties: Record<string, unknown>, required: readonly string[], args: JsonObject): RequiredCounts {
  const unique = [...new Set(required)];
  return {
    requiredFields: unique.length,
    missingFromProperties: unique.filter((field) => !Object.hasOwn(properties, field)).length,
    missingFromArguments: unique.filter((field) => !Object.hasOwn(args, field)).length,
  };
}

const params = Type.Object(
  {
    tool: Type.String({ minLength: 1, description: 'Name of the tool to inspect and call, as listed by `tools/list`.' }),
    arguments: argumentsParam("The naive arguments: what an agent reading only the tool's schema would send first."),
    read_only: READ_ONLY_PARAM,
  },
  { additionalProperties: false },
);

export type SchemaGuessabilityParams = Static<typeof params>;

/** init's starter case: the preferred callable tool with its placeholder arguments. */
function starter({ tools }: StarterInput): StarterCase | undefined {
  const tool = pickTool(tools, CALLABLE);
  if (tool === undefined) return undefined;
  return {
    comments: ['The tool, called with only its required arguments (placeholders), must succeed.', ...unsafeNote(tool, false)],
    entries: [{ key: 'id', value: 'schema-guessable' }, { key: 'dimension', value: 'schema-guessability' }, ...callEntries(tool)],
  };
}

/**
 * Can an agent call this tool from its schema alone? The schema must be an object schema whose
 * required fields are all declared, the naive arguments must cover them, and the call must work.
 */
export const schemaGuessability = defineCheck<Static<typeof params>, SchemaGuessabilityLabel>({
  id: 'schema-guessability',
  kind: 'dimension',
  title: 'Schema guessability',
  summary:
    'The tool exposes an object input schema whose required fields are all declared and covered by naive arguments, and the naive call succeeds.',
  params,
  calledTools: namedTool,
  labels,
  starter,
  async run(ctx, params) {
    const tool = params.tool;
    const walk = await catalogTools(ctx);
    // A listing defect after the tool's page is not this check's concern (pagination's is).
    const entry = findTool(walk, tool);
    if (entry === undefined) {
      const measurements: Measurements = { tools: walk.items.length, pages: walk.pages };
      switch (walk.problem) {
        case undefined:
          return { status: 'fail', label: 'tool-not-found', tool, measurements };
        case 'list-failed':
          return { status: 'fail', label: 'list-failed', tool, measurements };
        case 'list-error':
          return {
            status: 'fail',
            label: 'list-error',
            tool,
            measurements: { ...measurements, ...(walk.jsonRpcCode === undefined ? {} : { jsonRpcCode: walk.jsonRpcCode }) },
          };
        default:
          return { status: 'fail', label: 'list-invalid', tool, measurements };
      }
    }

    const schema = entry.inputSchema;
    if (!isRecord(schema) || schema.type !== 'object') return { status: 'fail', label: 'schema-not-object', tool };
    const properties = schema.properties ?? {};
    const required = schema.required ?? [];
    if (!isRecord(properties) || !isStringList(required)) return { status: 'fail', label: 'schema-malformed', tool };
    const counts = countRequired(properties, required, params.arguments);
    const measurements: Measurements = { ...counts, properties: Object.keys(properties).length };
    if (counts.missingFromProperties > 0) return { status: 'fail', label: 'required-not-in-properties', tool, measurements };
    if (counts.missingFromArguments > 0) return { status: 'fail', label: 'required-not-in-arguments', tool, measurements };

    // The schema judgements above send nothing; only the call itself passes the gate.
    const gate = gateFromWalk(ctx, walk, [tool], params.read_only);
    // The tool was found, so the only way the gate stays shut is `mutation-not-allowed`.
    if (!gate.open) return { status: 'skip', label: 'mutation-not-allowed', tool, measurements: { ...measurements, ...gate.measurements } };
    const exchange = await callTool(ctx, ctx.connection, tool, params.arguments);
    const called: Measurements = { ...measurements, latencyMs: exchange.latencyMs };
    const call = classifyCall(exchange);
    switch (call.kind) {
      case 'success':
        return { status: 'pass', tool, measurements: called };
      case 'tool-error':
        return { status: 'fail', label: 'call-failed', tool, measurements: called };
      case 'rpc-error':
        return { status: 'fail', label: 'call-error', tool, measurements: { ...called, jsonRpcCode: call.error.code } };
      case 'input-required':
        return { status: 'fail', label: 'call-input-required', tool, measurements: called };
      case 'transport-failure':
        return { status: 'fail', label: 'transport-failure', tool, measurements: called };
    }
  },
});
