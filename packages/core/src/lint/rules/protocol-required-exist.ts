import { defineLintRule, hitsPerTool } from '../lint-rule.js';

export const protocolRequiredExist = defineLintRule({
  id: 'protocol-required-exist',
  layer: 'protocol',
  severity: 'high',
  title: 'Required parameters exist',
  summary: 'Every name in the input schema’s `required` is declared in its `properties`.',
  labels: {
    'required-property-missing': 'A required parameter is not declared in `properties`, so a client cannot learn its type or meaning.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      const declared = new Set(tool.properties.map((p) => p.name));
      return tool.required.some((name) => !declared.has(name)) ? 'required-property-missing' : undefined;
    }),
});
