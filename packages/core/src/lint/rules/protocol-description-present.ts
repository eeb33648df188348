import { defineLintRule, hitsPerTool } from '../lint-rule.js';

export const protocolDescriptionPresent = defineLintRule({
  id: 'protocol-description-present',
  layer: 'protocol',
  severity: 'medium',
  title: 'Tools have a description',
  summary: 'Every tool has a non-empty `description`, the only text a model reads to choose it.',
  labels: {
    'description-missing': 'The tool has no `description` field.',
    'description-empty': 'The `description` is an empty or whitespace-only string.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      if (tool.entry === undefined) return undefined;
      if (!Object.hasOwn(tool.entry, 'description')) return 'description-missing';
      // A description of the wrong type is protocol-text-fields-string's to report.
      return tool.description !== undefined && tool.description.trim() === '' ? 'description-empty' : undefined;
    }),
});
