import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { hasOwnField } from '../read-catalog.js';

export const protocolAnnotationsObject = defineLintRule({
  id: 'protocol-annotations-object',
  layer: 'protocol',
  severity: 'medium',
  title: 'Annotations are an object',
  summary: 'A tool’s `annotations`, when present, is a JSON object of hints.',
  labels: { 'annotations-not-object': '`annotations` is present but is not a JSON object.' },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) =>
      hasOwnField(tool.entry, 'annotations') && tool.annotations === undefined ? 'annotations-not-object' : undefined,
    ),
});
