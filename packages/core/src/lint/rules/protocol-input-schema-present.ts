import { defineLintRule, hitsPerTool } from '../lint-rule.js';

export const protocolInputSchemaPresent = defineLintRule({
  id: 'protocol-input-schema-present',
  layer: 'protocol',
  severity: 'critical',
  title: 'Tools declare an input schema',
  summary: 'Every tool has an `inputSchema` object, which MCP requires even for tools without parameters.',
  labels: {
    'input-schema-missing': 'The tool has no `inputSchema` field.',
    'input-schema-not-object': 'The `inputSchema` is not a JSON object.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      if (tool.entry === undefined || tool.inputSchema !== undefined) return undefined;
      return Object.hasOwn(tool.entry, 'inputSchema') ? 'input-schema-not-object' : 'input-schema-missing';
    }),
});
