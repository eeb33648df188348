import { isRecord } from '@mcp-eval/protocol';

/**
 * A short phrase for what a JSON Schema accepts ("a positive integer", "one of: auto, 2026-07-28"),
 * used to finish "… must be ___" messages. Covers the keywords manifest and check schemas use.
 */

type Schema = Readonly<Record<string, unknown>>;

const PLURAL: Readonly<Record<string, string>> = {
  string: 'strings',
  integer: 'integers',
  number: 'numbers',
  boolean: 'booleans',
  object: 'mappings',
  array: 'lists',
};

function asSchema(value: unknown): Schema | undefined {
  return isRecord(value) ? (value as Schema) : undefined;
}

function literal(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function describeNumber(schema: Schema, noun: 'integer' | 'number'): string {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const article = noun === 'integer' ? 'an' : 'a';
  const positive = (noun === 'integer' && min === 1) || (min === undefined && exclusiveMin === 0);
  if (positive && max === undefined) return `a positive ${noun}`;
  if (min === 0 && max === undefined) return `a non-negative ${noun}`;
  if (min !== undefined && max !== undefined) return `${article} ${noun} from ${min} to ${max}`;
  if (min !== undefined) return `${article} ${noun} of at least ${min}`;
  if (exclusiveMin !== undefined) return `${article} ${noun} greater than ${exclusiveMin}`;
  if (max !== undefined) return `${article} ${noun} of at most ${max}`;
  return `${article} ${noun}`;
}

function describeType(type: string, schema: Schema): string {
  switch (type) {
    case 'integer':
    case 'number':
      return describeNumber(schema, type);
    case 'string':
      return typeof schema.minLength === 'number' && schema.minLength >= 1 ? 'a non-empty string' : 'a string';
    case 'boolean':
      return 'true or false';
    case 'null':
      return 'null';
    case 'array': {
      const itemType = asSchema(schema.items)?.type;
      const plural = typeof itemType === 'string' ? PLURAL[itemType] : undefined;
      return plural ? `a list of ${plural}` : 'a list';
    }
    case 'object':
      return 'a mapping';
    default:
      return `of type ${type}`;
  }
}

export function describeSchema(schema: unknown): string {
  const s = asSchema(schema);
  if (!s) return schema === false ? 'absent' : 'a valid value';
  if ('const' in s) return `\`${literal(s.const)}\``;
  if (Array.isArray(s.enum)) return `one of: ${s.enum.map(literal).join(', ')}`;
  const branches = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined;
  if (branches) return [...new Set(branches.map(describeSchema))].join(' or ');
  if (typeof s.type === 'string') return describeType(s.type, s);
  if (Array.isArray(s.type)) return s.type.map((t) => describeType(String(t), s)).join(' or ');
  if (s.properties !== undefined) return 'a mapping';
  return 'a valid value';
}

/** How a YAML value reads in "(got …)". */
export function describeValueType(value: unknown): string {
  if (value === null || value === undefined) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return 'a string';
}
