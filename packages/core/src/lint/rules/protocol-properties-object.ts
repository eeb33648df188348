import { isRecord } from '@mcp-eval/protocol';
import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { hasOwnField, ownField } from '../read-catalog.js';

export const protocolPropertiesObject = defineLintRule({
  id: 'protocol-properties-object',
  layer: 'protocol',
  severity: 'high',
  title: 'Input schema properties are an object',
  summary: 'The input schema’s `properties`, when present, is an object mapping parameter names to schemas.',
  labels: { 'properties-not-object': 'The input schema’s `properties` is present but is not a JSON object (an array, for example).' },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) =>
      hasOwnField(tool.inputSchema, 'properties') && !isRecord(ownField(tool.inputSchema, 'properties'))
        ? 'properties-not-object'
        : undefined,
    ),
});
