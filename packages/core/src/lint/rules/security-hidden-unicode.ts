import { defineLintRule, hitsPerTool } from '../lint-rule.js';

type Label = 'zero-width-character' | 'bidi-control' | 'tag-character' | 'variation-selector-run' | 'control-character';

// A zero-width joiner inside an emoji sequence (👩‍💻) is how emoji are written, not a hiding place.
// eslint-disable-next-line no-misleading-character-class -- matches the joiner itself, on purpose
const EMOJI_JOINER = /(\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}\uFE0F]?)\u200D(?=\p{Extended_Pictographic})/gu;

const CHARACTERS: Readonly<Record<Label, RegExp>> = {
  // eslint-disable-next-line no-misleading-character-class -- lists invisible characters on purpose
  'zero-width-character': /[\u00AD\u034F\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200D\u2060-\u2064\u206A-\u206F\u3164\uFEFF\uFFA0]/u,
  'bidi-control': /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u,
  'tag-character': /[\u{E0000}-\u{E007F}]/u,
  // One selector after a character is ordinary (emoji style, CJK variants); a run encodes data.
  'variation-selector-run': /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]{2}/u,
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  'control-character': /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u,
};

export const securityHiddenUnicode = defineLintRule({
  id: 'security-hidden-unicode',
  layer: 'security',
  severity: 'high',
  title: 'No hidden Unicode in the tool definition',
  summary:
    'No name, description, schema text or key holds characters a person cannot see but a model reads: zero-width characters, bidirectional controls, tag characters, variation-selector runs or control characters.',
  labels: {
    'zero-width-character':
      'A zero-width or otherwise invisible character (U+200B, U+2060, U+FEFF, soft hyphen, Hangul fillers…) outside an emoji sequence.',
    'bidi-control':
      'A bidirectional control character (U+202A-U+202E, U+2066-U+2069, U+200E/F, U+061C) that can reorder what a reviewer sees.',
    'tag-character': 'A Unicode tag character (U+E0000-U+E007F): invisible ASCII that models read as text.',
    'variation-selector-run':
      'Two or more variation selectors in a row (U+FE00-U+FE0F, U+E0100-U+E01EF), a known way to encode hidden bytes.',
    'control-character': 'A C0 or C1 control character other than tab, line feed and carriage return.',
  },
  check: (catalog) =>
    hitsPerTool(catalog, (tool) => {
      const texts = tool.strings.map((s) => s.replace(EMOJI_JOINER, '$1'));
      return (Object.keys(CHARACTERS) as Label[]).filter((label) => texts.some((text) => CHARACTERS[label].test(text)));
    }),
});
