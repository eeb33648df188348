import Type, { type TUnsafe } from 'typebox';
import type { JsonObject } from '@mcp-eval/protocol';

/**
 * A tool call's `arguments` parameter: any JSON object, passed to the tool as written. `Unsafe`
 * keeps the published schema exactly `{type: 'object'}` (no `properties: {}`) while typing it as
 * `JsonObject`.
 */
export function argumentsParam(description: string): TUnsafe<JsonObject> {
  return Type.Unsafe<JsonObject>({ type: 'object', description });
}
