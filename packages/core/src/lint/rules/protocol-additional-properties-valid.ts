import { isRecord } from '@mcp-eval/protocol';
import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { hasOwnField, ownField } from '../read-catalog.js';
import { walkSchemas } from '../walk-schemas.js';

export const protocolAdditionalPropertiesValid = defineLintRule({
  id: 'protocol-additional-properties-valid',
  layer: 'protocol',
  severity: 'medium',
  title: '`additionalProperties` is a boolean or a schema',
  summary: 'Every `additionalProperties` keyword in the input schema is `true`, `false` or a schema object.',
  labels: {
    'additional-properties-invalid':
      'An `additionalProperties` keyword holds a string, number, array or null, which validators reject or read unpredictably.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      if (tool.inputSchema === undefined) return undefined;
      let valid = true as boolean; // set from inside the walk's callback, which narrowing does not see
      walkSchemas(tool.inputSchema, (schema) => {
        if (!hasOwnField(schema, 'additionalProperties')) return;
        const value = ownField(schema, 'additionalProperties');
        if (typeof value !== 'boolean' && !isRecord(value)) valid = false;
      });
      return valid ? undefined : 'additional-properties-invalid';
    }),
});
