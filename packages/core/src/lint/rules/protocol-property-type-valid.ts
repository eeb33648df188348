import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import type { JsonRecord } from '../read-catalog.js';
import { hasOwnField, ownField } from '../read-catalog.js';
import { walkSubschemas } from '../walk-schemas.js';

const JSON_TYPES: ReadonlySet<unknown> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

function typeKeywordValid(schema: JsonRecord): boolean {
  if (!hasOwnField(schema, 'type')) return true;
  const type = ownField(schema, 'type');
  if (Array.isArray(type)) return type.length > 0 && new Set(type).size === type.length && type.every((t) => JSON_TYPES.has(t));
  return JSON_TYPES.has(type);
}

export const protocolPropertyTypeValid = defineLintRule({
  id: 'protocol-property-type-valid',
  layer: 'protocol',
  severity: 'high',
  title: 'Schema types are JSON Schema types',
  summary: 'Every `type` keyword below the input schema names JSON Schema types (string, number, integer, boolean, object, array, null).',
  labels: {
    'property-type-unknown':
      'A `type` keyword in a parameter schema (or deeper) is not one of the seven JSON Schema type names, or is an empty or repeating list of them.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      if (tool.inputSchema === undefined) return undefined;
      let valid = true as boolean; // set from inside the walk's callback, which narrowing does not see
      walkSubschemas(tool.inputSchema, (schema) => {
        if (valid && !typeKeywordValid(schema)) valid = false;
      });
      return valid ? undefined : 'property-type-unknown';
    }),
});
