import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { hasOwnField, ownField } from '../read-catalog.js';

export const protocolInputSchemaTypeObject = defineLintRule({
  id: 'protocol-input-schema-type-object',
  layer: 'protocol',
  severity: 'critical',
  title: 'Input schemas describe an object',
  summary: 'Every `inputSchema` says `"type": "object"`: tool arguments are always a JSON object.',
  labels: {
    'input-schema-type-missing': 'The `inputSchema` has no `type` keyword.',
    'input-schema-type-not-object': 'The `inputSchema` `type` is something other than `"object"`.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      if (tool.inputSchema === undefined) return undefined; // protocol-input-schema-present reports it
      if (!hasOwnField(tool.inputSchema, 'type')) return 'input-schema-type-missing';
      return ownField(tool.inputSchema, 'type') === 'object' ? undefined : 'input-schema-type-not-object';
    }),
});
