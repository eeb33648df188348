import type { Exchange, JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { CheckContext } from '../../check.js';
import { catalogTools } from '../../catalog/catalog-snapshot.js';
import { perConnection } from './per-connection.js';
import { placeholderArguments } from './placeholder-arguments.js';
import { readOnlyTools } from './read-only-tools.js';

/**
 * At most this many tools (read-only, with an outputSchema) are called per run: those callable with
 * `{}` (no required argument) first, then the rest, each in catalog order.
 */
export const STRUCTURED_CALLS_MAX_TOOLS = 5;

/**
 * What one call came to: `result` is a result to judge; `tool-error` an `isError` result,
 * `rpc-error` a JSON-RPC error, `input-required` a round the call cannot answer, `no-answer` none
 * at all. Only `result` is judged: placeholder arguments may well be wrong.
 */
export type StructuredCallKind = 'result' | 'tool-error' | 'rpc-error' | 'input-required' | 'no-answer';

export interface StructuredCall {
  /** The tool's position among the called tools (0-based): findings carry it, never the name. */
  readonly index: number;
  readonly outputSchema: JsonObject;
  readonly kind: StructuredCallKind;
  /** The result, for every kind but `rpc-error` and `no-answer`. */
  readonly result?: JsonObject;
}

export interface StructuredCalls {
  /** True when `tools/list` could not be walked to the end (a tool may sit on a page never read). */
  readonly catalogIncomplete: boolean;
  /** Read-only tools that declare an outputSchema (before the bound). */
  readonly eligible: number;
  readonly calls: readonly StructuredCall[];
}

const runs = perConnection<'calls', StructuredCalls>();

/**
 * The calls the structured-output assertions read, made once per run (memoised on the run's
 * shared connection): each tool the server annotates read-only that declares an `outputSchema`
 * (up to STRUCTURED_CALLS_MAX_TOOLS, those needing no argument first), called once with
 * placeholder arguments. No other tool is
 * ever called (the mutation gate's `annotatedReadOnly`, through `readOnlyTools`).
 */
export function structuredCalls(ctx: CheckContext): Promise<StructuredCalls> {
  return runs(ctx.connection, 'calls', () => makeCalls(ctx));
}

async function makeCalls(ctx: CheckContext): Promise<StructuredCalls> {
  const walk = await catalogTools(ctx);
  const eligible = readOnlyTools(walk.items).filter((tool) => isRecord(tool.outputSchema));
  // Placeholder arguments are guesses: a tool that needs none is the likeliest to return a result.
  const callable = [...eligible.filter((tool) => !needsArguments(tool)), ...eligible.filter(needsArguments)];
  const calls: StructuredCall[] = [];
  for (const [index, tool] of callable.slice(0, STRUCTURED_CALLS_MAX_TOOLS).entries()) {
    const params = { name: tool.name as string, arguments: placeholderArguments(tool.inputSchema) };
    const exchange = await ctx.connection.request('tools/call', params, { timeoutMs: ctx.timeoutMs, signal: ctx.signal });
    calls.push({ index, outputSchema: tool.outputSchema as JsonObject, ...classify(exchange) });
  }
  return { catalogIncomplete: walk.problem !== undefined, eligible: eligible.length, calls };
}

function needsArguments(tool: JsonObject): boolean {
  const schema = tool.inputSchema;
  return isRecord(schema) && Array.isArray(schema.required) && schema.required.length > 0;
}

function classify(exchange: Exchange): { kind: StructuredCallKind; result?: JsonObject } {
  if (exchange.outcome === 'error') return { kind: 'rpc-error' };
  if (exchange.outcome === 'transport-failure') return { kind: 'no-answer' };
  const { result } = exchange;
  if (result.isError === true) return { kind: 'tool-error', result };
  if (result.resultType === 'input_required') return { kind: 'input-required', result };
  return { kind: 'result', result };
}

/** How many calls came to each kind, as measurements (`judged` are the `result` ones). */
export interface CallCounts {
  readonly calls: number;
  readonly judged: number;
  readonly toolErrors: number;
  readonly rpcErrors: number;
  readonly inputRequired: number;
  readonly unanswered: number;
}

export function callCounts(calls: readonly StructuredCall[]): CallCounts {
  const count = (kind: StructuredCallKind): number => calls.filter((call) => call.kind === kind).length;
  return {
    calls: calls.length,
    judged: count('result'),
    toolErrors: count('tool-error'),
    rpcErrors: count('rpc-error'),
    inputRequired: count('input-required'),
    unanswered: count('no-answer'),
  };
}
