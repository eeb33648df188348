import { defineLintRule, hitsPerTool } from '../lint-rule.js';

export const protocolPropertySchemaObject = defineLintRule({
  id: 'protocol-property-schema-object',
  layer: 'protocol',
  severity: 'high',
  title: 'Parameter schemas are schemas',
  summary: 'Every entry of the input schema’s `properties` is a JSON Schema: an object (or `true`/`false`).',
  labels: {
    'property-schema-invalid': 'At least one parameter’s schema is a string, number, array or null instead of a schema object.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) =>
      tool.properties.some((p) => p.schema === undefined && typeof p.raw !== 'boolean') ? 'property-schema-invalid' : undefined,
    ),
});
