import { defineLintRule, hitsPerTool } from '../lint-rule.js';
import { normalizeText } from '../match-text.js';
import { nameWords } from '../name-words.js';

const PLACEHOLDER =
  /\b(todo|tbd|fixme|lorem ipsum|placeholder|description goes here|add (a )?description|no description|insert description)\b/;
const GENERIC: ReadonlySet<string> = new Set([
  'tool',
  'a tool',
  'this is a tool',
  'a helpful tool',
  'helpful tool',
  'useful tool',
  'a useful tool',
  'helper',
  'helper function',
  'function',
  'does stuff',
  'n a',
  'na',
  'none',
  'null',
  'undefined',
  'description',
  'test',
  'tbd',
]);
const NOISE: ReadonlySet<string> = new Set(['a', 'an', 'the', 'this', 'tool', 'function', 'to', 'that', 's']);

function words(text: string): string[] {
  return text.split(/[^a-z0-9]+/).filter((w) => w.length > 0);
}

export const qualityDescriptionNoFiller = defineLintRule({
  id: 'quality-description-no-filler',
  layer: 'quality',
  severity: 'low',
  title: 'Descriptions are not placeholders',
  summary: 'No description is placeholder text (TODO, lorem ipsum, “a tool”) or merely the tool’s name in words.',
  labels: {
    'placeholder-text': 'The description is, or contains, placeholder text such as TODO, TBD, lorem ipsum or “a helpful tool”.',
    'restates-name': 'The description only repeats the tool’s name in words (`get_user` → “Gets the user”).',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      if (tool.description === undefined || tool.description.trim() === '') return undefined;
      const text = normalizeText(tool.description);
      const plain = words(text).join(' ');
      if (PLACEHOLDER.test(text) || GENERIC.has(plain)) return 'placeholder-text';
      if (tool.name === undefined) return undefined;
      const meaningful = words(text)
        .filter((w) => !NOISE.has(w))
        .map((w) => w.replace(/s$/, ''));
      const name = nameWords(tool.name).map((w) => w.replace(/s$/, ''));
      const sameWords = meaningful.length > 0 && meaningful.length === name.length && meaningful.every((w, k) => w === name[k]);
      return sameWords ? 'restates-name' : undefined;
    }),
});
