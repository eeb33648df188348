import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { ownField } from '../read-catalog.js';

export const qualityParamDescribed = defineLintRule({
  id: 'quality-param-described',
  layer: 'quality',
  severity: 'medium',
  title: 'Parameters are described',
  summary: 'Every input parameter has a non-empty `description`, so a model knows what to put in it.',
  labels: { 'param-undescribed': 'At least one input parameter has no description (or an empty one).' },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) =>
      tool.properties.some((p) => {
        if (p.schema === undefined) return false; // not a schema object: protocol-property-schema-object
        const description = ownField(p.schema, 'description');
        return typeof description !== 'string' || description.trim() === '';
      })
        ? 'param-undescribed'
        : undefined,
    ),
});
