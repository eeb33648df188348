import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { hasOwnField } from '../read-catalog.js';

export const qualityRequiredDefault = defineLintRule({
  id: 'quality-required-default',
  layer: 'quality',
  severity: 'low',
  title: 'Required parameters have no default',
  summary: 'No required parameter also declares a `default`: a default means the caller may leave it out.',
  labels: { 'required-with-default': 'A parameter is both required and given a default, which contradict each other.' },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      const required = new Set(tool.required);
      return tool.properties.some((p) => required.has(p.name) && hasOwnField(p.schema, 'default')) ? 'required-with-default' : undefined;
    }),
});
