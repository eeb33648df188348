import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { ownField } from '../read-catalog.js';

export const qualityAnnotationsPresent = defineLintRule({
  id: 'quality-annotations-present',
  layer: 'quality',
  severity: 'low',
  title: 'Tools declare their behaviour hints',
  summary: 'Every tool has `annotations` with `readOnlyHint` or `destructiveHint`, so clients can decide what needs confirmation.',
  labels: {
    'annotations-missing': 'The tool has no `annotations` object.',
    'safety-hints-missing': 'The tool’s annotations set neither `readOnlyHint` nor `destructiveHint` to a boolean.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      if (tool.entry === undefined) return undefined;
      if (tool.annotations === undefined) return Object.hasOwn(tool.entry, 'annotations') ? undefined : 'annotations-missing';
      const hinted = ['readOnlyHint', 'destructiveHint'].some((k) => typeof ownField(tool.annotations, k) === 'boolean');
      return hinted ? undefined : 'safety-hints-missing';
    }),
});
