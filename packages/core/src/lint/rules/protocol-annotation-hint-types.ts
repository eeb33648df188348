import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { hasOwnField, ownField } from '../read-catalog.js';

type Label =
  | 'read-only-hint-not-boolean'
  | 'destructive-hint-not-boolean'
  | 'idempotent-hint-not-boolean'
  | 'open-world-hint-not-boolean'
  | 'annotation-title-not-string';

const HINTS: readonly (readonly [string, Label])[] = [
  ['readOnlyHint', 'read-only-hint-not-boolean'],
  ['destructiveHint', 'destructive-hint-not-boolean'],
  ['idempotentHint', 'idempotent-hint-not-boolean'],
  ['openWorldHint', 'open-world-hint-not-boolean'],
];

export const protocolAnnotationHintTypes = defineLintRule({
  id: 'protocol-annotation-hint-types',
  layer: 'protocol',
  severity: 'medium',
  title: 'Annotation hints have their types',
  summary: 'The four behaviour hints are booleans and the annotation `title` is a string, as the MCP schema defines them.',
  labels: {
    'read-only-hint-not-boolean': '`readOnlyHint` is present but is not a boolean (the string `"true"`, for example).',
    'destructive-hint-not-boolean': '`destructiveHint` is present but is not a boolean.',
    'idempotent-hint-not-boolean': '`idempotentHint` is present but is not a boolean.',
    'open-world-hint-not-boolean': '`openWorldHint` is present but is not a boolean.',
    'annotation-title-not-string': 'The annotations’ `title` is present but is not a string.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      const labels: Label[] = [];
      for (const [hint, label] of HINTS) {
        if (hasOwnField(tool.annotations, hint) && typeof ownField(tool.annotations, hint) !== 'boolean') labels.push(label);
      }
      if (hasOwnField(tool.annotations, 'title') && typeof ownField(tool.annotations, 'title') !== 'string') {
        labels.push('annotation-title-not-string');
      }
      return labels;
    }),
});
