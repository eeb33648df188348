export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** A plain object: not null, not an array. The one guard every package uses. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `isRecord` for a value parsed from JSON, where a plain object is a `JsonObject`. */
export function isJsonObject(value: unknown): value is JsonObject {
  return isRecord(value);
}
