import type { JsonObject, JsonValue } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

const PLACEHOLDER_TEXT = 'mcp-eval';
/** A schema may ask for any length; past this the server's own validation can have the call. */
const MAX_PLACEHOLDER_LENGTH = 256;

function firstType(schema: Record<string, unknown>): string | undefined {
  const { type } = schema;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t): t is string => typeof t === 'string' && t !== 'null');
  return undefined;
}

function numberPlaceholder(schema: Record<string, unknown>, integer: boolean): number {
  const { minimum, exclusiveMinimum } = schema;
  if (typeof minimum === 'number') return integer ? Math.ceil(minimum) : minimum;
  if (typeof exclusiveMinimum === 'number') return integer ? Math.floor(exclusiveMinimum) + 1 : exclusiveMinimum + 1;
  return 0;
}

/** The plainest value a property schema admits, or a string when the schema says too little. */
function placeholderValue(schema: unknown): JsonValue {
  if (!isRecord(schema)) return PLACEHOLDER_TEXT;
  if (Object.hasOwn(schema, 'const')) return schema.const as JsonValue;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0] as JsonValue;
  if (Object.hasOwn(schema, 'default')) return schema.default as JsonValue;
  switch (firstType(schema)) {
    case 'integer':
      return numberPlaceholder(schema, true);
    case 'number':
      return numberPlaceholder(schema, false);
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    case 'null':
      return null;
    default: {
      const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
      return PLACEHOLDER_TEXT.padEnd(Math.min(minLength, MAX_PLACEHOLDER_LENGTH), '-');
    }
  }
}

/**
 * Arguments with every required property of `inputSchema` set to a plain placeholder. Only ever
 * sent to tools the server declares read-only; a validating server may still reject them, and
 * that answer is as good for the assertions as a success (both are results).
 */
export function placeholderArguments(inputSchema: unknown): JsonObject {
  if (!isRecord(inputSchema)) return {};
  const properties = isRecord(inputSchema.properties) ? inputSchema.properties : {};
  const required = Array.isArray(inputSchema.required) ? inputSchema.required.filter((r): r is string => typeof r === 'string') : [];
  const args: JsonObject = {};
  for (const name of required) args[name] = placeholderValue(properties[name]);
  return args;
}
