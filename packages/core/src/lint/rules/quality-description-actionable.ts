import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { normalizeText } from '../match-text.js';
import { isActionWord } from '../verb-forms.js';

/** The first sentence, where a model looks for what the tool does. */
function firstSentence(description: string): string {
  const text = normalizeText(description).slice(0, 400);
  const end = text.search(/[.!?](\s|$)|\n/);
  return end === -1 ? text : text.slice(0, end);
}

export const qualityDescriptionActionable = defineLintRule({
  id: 'quality-description-actionable',
  layer: 'quality',
  severity: 'medium',
  title: 'Descriptions say what the tool does',
  summary: 'Each description’s first sentence has an action verb (“Lists…”, “Creates…”, “Returns…”).',
  labels: { 'no-action-verb': 'The description’s first sentence names no action, so a model cannot tell what calling the tool does.' },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      if (tool.description === undefined || tool.description.trim() === '') return undefined;
      const words = firstSentence(tool.description).split(/[^a-z]+/);
      return words.some(isActionWord) ? undefined : 'no-action-verb';
    }),
});
