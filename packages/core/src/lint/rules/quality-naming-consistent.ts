import { maxOf } from '@mcp-eval/protocol';
import { isValidToolName } from '../../tool-name.js';
import type { LintHit } from '../lint-rule.js';
import { defineLintRule } from '../lint-rule.js';
import { localName } from '../name-words.js';

type Style = 'snake' | 'camel' | 'kebab' | 'pascal' | 'screaming';
type Label = 'naming-style-inconsistent' | 'naming-style-mixed';

// Ties go to the first style in this order.
const STYLES: readonly Style[] = ['snake', 'camel', 'kebab', 'pascal', 'screaming'];

/** The styles a name's local part is written in; one lower-case word fits three. Empty: mixed. */
export function nameStyles(name: string): readonly Style[] {
  const local = localName(name);
  if (/^[a-z][a-z0-9]*$/.test(local)) return ['snake', 'camel', 'kebab'];
  if (/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(local)) return ['snake'];
  if (/^[a-z][a-z0-9]*(-[a-z0-9]+)+$/.test(local)) return ['kebab'];
  if (/^[a-z][a-z0-9]*([A-Z][a-z0-9]*)+$/.test(local)) return ['camel'];
  if (/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(local)) return ['screaming'];
  if (/^([A-Z][a-z0-9]*)+$/.test(local)) return ['pascal'];
  return [];
}

export const qualityNamingConsistent = defineLintRule({
  id: 'quality-naming-consistent',
  layer: 'quality',
  severity: 'low',
  title: 'Tool names share one style',
  summary:
    'Tool names (after any `namespace.` prefix) use the catalog’s majority case style: snake_case, camelCase, kebab-case, PascalCase or SCREAMING_SNAKE.',
  labels: {
    'naming-style-inconsistent': 'The name is written in a different case style from most of the catalog.',
    'naming-style-mixed': 'The name mixes case styles within itself (`get_userName`).',
  },
  check: (catalog) => {
    const named = catalog.tools
      .filter((t) => isValidToolName(t.name))
      .map((t) => ({ index: t.index, styles: nameStyles(t.name as string) }));
    const counts = STYLES.map((style) => named.filter((n) => n.styles.includes(style)).length);
    const majority = STYLES[counts.indexOf(maxOf(counts))];
    const hits: LintHit<Label>[] = [];
    for (const { index, styles } of named) {
      if (styles.length === 0) hits.push({ tool: index, label: 'naming-style-mixed' });
      else if (majority !== undefined && !styles.includes(majority)) hits.push({ tool: index, label: 'naming-style-inconsistent' });
    }
    return hits;
  },
});
