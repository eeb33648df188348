import type { JsonValue } from '@mcp-eval/protocol';
import type { FedResult } from './conversation.js';

/**
 * A live tool result, as the engine supplies it: a function that already passed the one mutation
 * gate (core/src/calls/mutation-gate.ts) and called the server, or answered `refused` with nothing
 * sent. The behavior logic never holds a connection.
 */
export type LiveResult = (tool: string, input: JsonValue) => Promise<FedResult>;

/** The empty stub a prerequisite gets when no live result is allowed (docs/model-layer.md). */
export const EMPTY_STUB: JsonValue = {};
