import type { LintHit } from '../lint-rule.js';
import { defineLintRule } from '../lint-rule.js';
import { findNearDuplicates } from '../near-duplicates.js';

export const qualityNearDuplicate = defineLintRule({
  id: 'quality-near-duplicate',
  layer: 'quality',
  severity: 'medium',
  title: 'No near-duplicate tools',
  summary: 'No two tools score above 0.6 on 30% name edit similarity, 40% description word overlap and 30% parameter-name overlap.',
  labels: {
    'near-duplicate':
      'The tool is hard to tell apart from another tool in the catalog; the finding’s `similarity` is the pair score and `pairedToolIndex` the other tool’s position.',
  },
  check: (catalog) => {
    const hits: LintHit<'near-duplicate'>[] = [];
    for (const [tool, pair] of findNearDuplicates(catalog)) {
      hits.push({ tool, label: 'near-duplicate', measurements: { similarity: pair.similarity, pairedToolIndex: pair.other } });
    }
    return hits.sort((a, b) => a.tool - b.tool);
  },
});
