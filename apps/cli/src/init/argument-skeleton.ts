import type { JsonValue } from '@mcp-eval/core';
import { isRecord } from '@mcp-eval/core';

/** One argument of a skeleton: a required property, a placeholder value, and what a person must check. */
export interface SkeletonArgument {
  readonly name: string;
  readonly value: JsonValue;
  /** Set when the placeholder is unlikely to be accepted as is. */
  readonly todo?: string;
}

export type Skeleton =
  { readonly ok: true; readonly arguments: readonly SkeletonArgument[]; readonly complete: boolean } | { readonly ok: false };

/**
 * Property names are the one piece of schema text init writes. Only plain identifiers pass; a tool
 * with any other required name gets no skeleton, so nothing odd (or hostile) reaches the file.
 */
export const PROPERTY_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/;

/** Placeholders for string formats a validating server would reject "example" for: our own constants. */
const FORMAT_PLACEHOLDERS: Readonly<Record<string, string>> = {
  uri: 'https://example.com/',
  url: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  email: 'user@example.com',
  date: '2026-01-01',
  'date-time': '2026-01-01T00:00:00Z',
  time: '00:00:00Z',
  uuid: '00000000-0000-4000-8000-000000000000',
};

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** 1, moved into [minimum, maximum] when the schema bounds it (numbers are not server text). */
function numberPlaceholder(schema: Readonly<Record<string, unknown>>, integer: boolean): number {
  const min = finite(schema.minimum) ?? finite(schema.exclusiveMinimum);
  const max = finite(schema.maximum) ?? finite(schema.exclusiveMaximum);
  let value = 1;
  if (min !== undefined && value < min) value = min;
  if (max !== undefined && value > max) value = max;
  return integer ? Math.ceil(value) : value;
}

function placeholder(schema: unknown): { value: JsonValue; todo?: string } {
  if (!isRecord(schema)) return { value: 'example', todo: 'a value the tool accepts' };
  // Enum values are the server's own words: init never copies them into a file.
  if (Array.isArray(schema.enum) || 'const' in schema)
    return { value: 'TODO', todo: "one of the values the tool's schema allows (init does not copy them)" };
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      const format = typeof schema.format === 'string' ? FORMAT_PLACEHOLDERS[schema.format] : undefined;
      if (format !== undefined) return { value: format };
      return typeof schema.pattern === 'string' ? { value: 'example', todo: "a value matching the tool's pattern" } : { value: 'example' };
    }
    case 'integer':
      return { value: numberPlaceholder(schema, true) };
    case 'number':
      return { value: numberPlaceholder(schema, false) };
    case 'boolean':
      return { value: true };
    case 'array':
      return { value: [], todo: 'the items the tool expects' };
    case 'object':
      return { value: {}, todo: 'the fields the tool expects' };
    default:
      return { value: 'example', todo: 'a value the tool accepts' };
  }
}

/**
 * The naive arguments for a tool: every required property of its input schema with a placeholder
 * by type (string "example", number 1, boolean true, a known format's example), and a TODO where the
 * placeholder will likely be refused (enums, patterns, objects, arrays, untyped). Optional
 * properties are left out. `complete` is false when any argument carries a TODO.
 */
export function argumentSkeleton(inputSchema: unknown): Skeleton {
  if (!isRecord(inputSchema)) return { ok: true, arguments: [], complete: true };
  const properties = isRecord(inputSchema.properties) ? inputSchema.properties : {};
  const required = Array.isArray(inputSchema.required) ? inputSchema.required : [];
  const args: SkeletonArgument[] = [];
  for (const name of required) {
    if (typeof name !== 'string' || !PROPERTY_NAME.test(name)) return { ok: false };
    if (args.some((a) => a.name === name)) continue;
    args.push({ name, ...placeholder(Object.hasOwn(properties, name) ? properties[name] : undefined) });
  }
  return { ok: true, arguments: args, complete: args.every((a) => a.todo === undefined) };
}
