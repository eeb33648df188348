import { MAX_ITEM_DEPTH } from '../../catalog/catalog-budget.js';
import { defineLintRule, hitsPerTool } from '../lint-rule.js';

export const protocolSchemaDepth = defineLintRule({
  id: 'protocol-schema-depth',
  layer: 'protocol',
  severity: 'high',
  title: 'Tool entries nest within bounds',
  summary: `No tool entry nests objects and arrays deeper than ${MAX_ITEM_DEPTH} levels, so clients and schema compilers can read it.`,
  labels: { 'schema-too-deep': `The tool entry (its schemas, usually) nests deeper than ${MAX_ITEM_DEPTH} levels.` },
  check: (catalog) => hitsPerTool(catalog, (tool) => (tool.depth > MAX_ITEM_DEPTH ? 'schema-too-deep' : undefined)),
});
