import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { hasOwnField, ownField } from '../read-catalog.js';

export const protocolOutputSchemaObject = defineLintRule({
  id: 'protocol-output-schema-object',
  layer: 'protocol',
  severity: 'high',
  title: 'Output schemas describe an object',
  summary: 'A tool’s `outputSchema`, when present, is an object schema with `"type": "object"`, as structured content must be.',
  labels: {
    'output-schema-not-object': '`outputSchema` is present but is not a JSON object.',
    'output-schema-type-not-object': 'The `outputSchema` `type` is missing or is something other than `"object"`.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      if (!hasOwnField(tool.entry, 'outputSchema')) return undefined;
      if (tool.outputSchema === undefined) return 'output-schema-not-object';
      return ownField(tool.outputSchema, 'type') === 'object' ? undefined : 'output-schema-type-not-object';
    }),
});
