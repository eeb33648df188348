import type { JsonValue } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

/** The characters the Berkeley function-calling leaderboard's AST checker strips before comparing. */
const STRIPPED = /[ ,./\-_*^]/g;

/**
 * BFCL's `standardize_string`: drop spaces and `,./-_*^`, lower-case, and read `'` as `"`.
 * "A-17" and "a 17" are one answer.
 */
export function normalizeString(text: string): string {
  return text.replace(STRIPPED, '').toLowerCase().replaceAll("'", '"');
}

/** `normalizeString` applied to every string inside a value (BFCL normalizes lists and dicts too). */
export function normalizeValue(value: JsonValue): JsonValue {
  if (typeof value === 'string') return normalizeString(value);
  if (Array.isArray(value)) return value.map(normalizeValue);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalizeValue(v as JsonValue)]));
  return value;
}
