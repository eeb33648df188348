import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { annotationsWithDefaults } from '../../calls/tool-annotations.js';
import { toolAction } from '../tool-verbs.js';

type Label = 'read-only-destructive-verb' | 'read-only-write-verb' | 'not-destructive-destructive-verb';

export const securityAnnotationConsistency = defineLintRule({
  id: 'security-annotation-consistency',
  layer: 'security',
  severity: 'high',
  title: 'Annotations agree with what the name says',
  summary:
    'No tool whose name leads with a destructive verb (delete, drop, purge…) or a write verb (create, update, send…) claims `readOnlyHint: true` or `destructiveHint: false` to the contrary.',
  labels: {
    'read-only-destructive-verb': 'The name leads with a destructive verb but the tool claims `readOnlyHint: true`.',
    'read-only-write-verb': 'The name leads with a write verb but the tool claims `readOnlyHint: true`.',
    'not-destructive-destructive-verb': 'The name leads with a destructive verb but the tool claims `destructiveHint: false`.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      const action = toolAction(tool.nameWords);
      const labels: Label[] = [];
      // Under the spec's defaults only a literal `readOnlyHint: true` / `destructiveHint: false` is a claim.
      const hints = annotationsWithDefaults(tool.annotations);
      const readOnly = hints.readOnlyHint;
      if (readOnly && action === 'destructive') labels.push('read-only-destructive-verb');
      if (readOnly && action === 'write') labels.push('read-only-write-verb');
      if (!hints.destructiveHint && action === 'destructive') {
        labels.push('not-destructive-destructive-verb');
      }
      return labels;
    }),
});
