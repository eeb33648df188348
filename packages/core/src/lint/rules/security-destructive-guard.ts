import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { normalizeText } from '../match-text.js';
import { nameWords } from '../name-words.js';
import type { CatalogTool } from '../read-catalog.js';
import { isReadOnly } from '../../calls/tool-annotations.js';
import { ownField } from '../read-catalog.js';
import { toolAction } from '../tool-verbs.js';

// Parameter words that make a caller opt in to the damage or preview it first.
const GUARD_WORDS: ReadonlySet<string> = new Set([
  'confirm',
  'confirmed',
  'confirmation',
  'dry',
  'preview',
  'simulate',
  'force',
  'sure',
  'acknowledge',
  'understand',
]);
// Description wording that tells the model (and, through it, the user) the effect is permanent.
const WARNING =
  /\b(irreversibl[ey]|cannot be undone|can ?not be reversed|can't be undone|permanent(ly)?|destructive|caution|warning|use with care|requires? (explicit )?confirmation|ask the user (to confirm|for confirmation)|confirm with the user)\b/;

// The server's own `destructiveHint: true`, not the spec's default: the default would flag every
// unannotated tool, which quality-annotations-present already reports.
function isDestructive(tool: CatalogTool): boolean {
  if (isReadOnly({ annotations: tool.annotations })) return false;
  return ownField(tool.annotations, 'destructiveHint') === true || toolAction(tool.nameWords) === 'destructive';
}

function isGuarded(tool: CatalogTool): boolean {
  if (tool.properties.some((p) => nameWords(p.name).some((w) => GUARD_WORDS.has(w)))) return true;
  return tool.description !== undefined && WARNING.test(normalizeText(tool.description));
}

export const securityDestructiveGuard = defineLintRule({
  id: 'security-destructive-guard',
  layer: 'security',
  severity: 'medium',
  title: 'Destructive tools are guarded',
  summary:
    'Every destructive tool (by `destructiveHint: true` or a destructive verb in its name) takes a confirmation or dry-run parameter, or warns in its description that the effect is permanent.',
  labels: {
    'destructive-without-guard':
      'A destructive tool has no confirm / dry-run / preview / force parameter and its description gives no warning of permanence.',
  },
  check: (catalog) => hitsPerTool(catalog, (tool) => (isDestructive(tool) && !isGuarded(tool) ? 'destructive-without-guard' : undefined)),
});
