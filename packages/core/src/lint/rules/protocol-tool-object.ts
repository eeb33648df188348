import { defineLintRule, hitsPerTool } from '../lint-rule.js';

export const protocolToolObject = defineLintRule({
  id: 'protocol-tool-object',
  layer: 'protocol',
  severity: 'critical',
  title: 'Tool entries are objects',
  summary: 'Every entry of the tools array is a JSON object.',
  labels: { 'tool-not-object': 'The catalog entry is not a JSON object (an array, string, number, boolean or null).' },
  check: (catalog) => hitsPerTool(catalog, (tool) => (tool.entry === undefined ? 'tool-not-object' : undefined)),
});
