import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { hasOwnField, ownField } from '../read-catalog.js';

type Label = 'description-not-string' | 'title-not-string';

export const protocolTextFieldsString = defineLintRule({
  id: 'protocol-text-fields-string',
  layer: 'protocol',
  severity: 'high',
  title: 'Tool text fields are strings',
  summary: 'A tool’s `description` and `title`, when present, are strings.',
  labels: {
    'description-not-string': 'The `description` field is present but is not a string.',
    'title-not-string': 'The `title` field is present but is not a string.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      const labels: Label[] = [];
      if (hasOwnField(tool.entry, 'description') && typeof ownField(tool.entry, 'description') !== 'string') {
        labels.push('description-not-string');
      }
      if (hasOwnField(tool.entry, 'title') && typeof ownField(tool.entry, 'title') !== 'string') labels.push('title-not-string');
      return labels;
    }),
});
