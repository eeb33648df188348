import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { hasOwnField, ownField } from '../read-catalog.js';

export const protocolRequiredArray = defineLintRule({
  id: 'protocol-required-array',
  layer: 'protocol',
  severity: 'high',
  title: 'Required lists are arrays of unique names',
  summary: 'The input schema’s `required`, when present, is an array of unique strings.',
  labels: {
    'required-not-array': '`required` is present but is not an array (a boolean on a property, draft-03 style, for example).',
    'required-not-strings': '`required` holds something other than strings.',
    'required-duplicates': '`required` names the same parameter more than once.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      if (!hasOwnField(tool.inputSchema, 'required')) return undefined;
      const required = ownField(tool.inputSchema, 'required');
      if (!Array.isArray(required)) return 'required-not-array';
      if (!required.every((r) => typeof r === 'string')) return 'required-not-strings';
      return new Set(required).size === required.length ? undefined : 'required-duplicates';
    }),
});
