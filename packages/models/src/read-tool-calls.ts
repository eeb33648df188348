import type { JsonValue, ModelToolCall } from '@mcp-eval/core';
import type { ToolAliases } from './tool-aliases.js';

/** The part of an AI SDK tool call the port reads. */
export interface SdkToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  readonly invalid?: boolean | undefined;
}

function isJsonObject(value: unknown): value is Record<string, JsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Maps provider tool calls back to catalog names. A name the aliases do not know is
 * `unknown-tool` (its text is dropped here); arguments that are not a JSON object are
 * `unparseable-input`. Schema validation is not done here: the checks judge arguments.
 */
export function readToolCalls(calls: readonly SdkToolCall[], aliases: ToolAliases): ModelToolCall[] {
  return calls.map((call): ModelToolCall => {
    const name = aliases.toCatalog.get(call.toolName);
    if (name === undefined) return { kind: 'unknown-tool', id: call.toolCallId };
    if (!isJsonObject(call.input)) return { kind: 'unparseable-input', id: call.toolCallId, name };
    return { kind: 'call', id: call.toolCallId, name, input: call.input };
  });
}
