import { isRecord } from '@mcp-eval/protocol';
import type { JsonRecord } from './read-catalog.js';

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_SINGLES = [
  'items',
  'additionalProperties',
  'additionalItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];

/**
 * Visits every subschema below `root` (not `root` itself), through the JSON Schema keywords that
 * hold schemas. Walking keywords rather than every object keeps a parameter named `type` from
 * reading as the `type` keyword. Iterative and cycle-safe for hostile input.
 */
export function walkSubschemas(root: JsonRecord, visit: (schema: JsonRecord) => void): void {
  const seen = new Set<object>([root]);
  const stack: JsonRecord[] = [root];
  const push = (value: unknown): void => {
    if (!isRecord(value) || seen.has(value)) return;
    seen.add(value);
    visit(value);
    stack.push(value);
  };
  for (let schema = stack.pop(); schema !== undefined; schema = stack.pop()) {
    for (const key of SCHEMA_MAPS) {
      const map = Object.hasOwn(schema, key) ? schema[key] : undefined;
      if (isRecord(map)) for (const value of Object.values(map)) push(value);
    }
    for (const key of SCHEMA_SINGLES) if (Object.hasOwn(schema, key)) push(schema[key]);
    for (const key of SCHEMA_LISTS) {
      const list = Object.hasOwn(schema, key) ? schema[key] : undefined;
      if (Array.isArray(list)) for (const value of list) push(value);
    }
  }
}

/** `root` and every subschema below it. */
export function walkSchemas(root: JsonRecord, visit: (schema: JsonRecord) => void): void {
  visit(root);
  walkSubschemas(root, visit);
}
