import { defineLintRule, hitsPerTool } from '../lint-rule.js';

export const protocolNamePresent = defineLintRule({
  id: 'protocol-name-present',
  layer: 'protocol',
  severity: 'critical',
  title: 'Tools have a name',
  summary: 'Every tool has a non-empty string `name`, the key clients call it by.',
  labels: {
    'name-missing': 'The tool has no `name` field.',
    'name-not-string': 'The `name` field is not a string.',
    'name-empty': 'The `name` is an empty or whitespace-only string.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      if (tool.entry === undefined) return undefined; // protocol-tool-object reports it
      if (!Object.hasOwn(tool.entry, 'name')) return 'name-missing';
      if (tool.name === undefined) return 'name-not-string';
      return tool.name.trim() === '' ? 'name-empty' : undefined;
    }),
});
