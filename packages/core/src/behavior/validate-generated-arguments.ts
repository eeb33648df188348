import type { JsonValue } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { InputSchema } from './input-schema.js';
import { hasJsonType } from './input-schema.js';

/** argument-generation's verdict on one set of generated arguments; closed set, printed as labels. */
export type GeneratedArgumentsVerdict = 'schema-valid' | 'missing-required' | 'hallucinated-argument' | 'type-mismatch';

/**
 * Validates arguments a model generated against the tool's input schema; nothing is executed.
 * The first problem found names the verdict, in this order: a required name absent, an undeclared
 * name where the schema is closed, a declared property of the wrong JSON type, then anything else
 * the compiled schema rejects (enum, range, pattern: reported as `type-mismatch`, the value does
 * not fit its property).
 */
export function validateGeneratedArguments(input: JsonValue, schema: InputSchema): GeneratedArgumentsVerdict {
  if (!isRecord(input)) return 'type-mismatch';
  for (const name of schema.required) if (!Object.hasOwn(input, name)) return 'missing-required';
  if (schema.closed) for (const name of Object.keys(input)) if (!schema.declared.has(name)) return 'hallucinated-argument';
  for (const [name, types] of schema.types) {
    if (!Object.hasOwn(input, name)) continue;
    const value = input[name];
    if (!types.some((t) => hasJsonType(value, t))) return 'type-mismatch';
  }
  if (schema.validate !== undefined && !schema.validate(input)) return 'type-mismatch';
  return 'schema-valid';
}
