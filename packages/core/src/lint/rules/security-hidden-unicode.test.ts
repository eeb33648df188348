import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { securityHiddenUnicode } from './security-hidden-unicode.js';

const described = (description: string): Record<string, unknown> => cleanTool(0, { description });
// "hi" written in Unicode tag characters: invisible to people, read by models.
const TAGS = String.fromCodePoint(0xe0068, 0xe0069);

describe('security-hidden-unicode', () => {
  it.each([
    ['Returns the\u200B forecast.', 'zero-width-character'],
    ['Returns the forecast.\uFEFF', 'zero-width-character'],
    ['Returns the \u202Etsacerof\u202C.', 'bidi-control'],
    ['Returns the \u2066forecast\u2069.', 'bidi-control'],
    [`Returns the forecast.${TAGS}`, 'tag-character'],
    ['Returns the forecast.\uFE00\uFE01\uFE02', 'variation-selector-run'],
    [`Returns the forecast.${String.fromCodePoint(0xe0100, 0xe0101)}`, 'variation-selector-run'],
    ['Returns the forecast.\u0007', 'control-character'],
    ['Returns the forecast.\u009B', 'control-character'],
  ])('flags %j as %s', (description, label) => {
    expect(ruleHits(securityHiddenUnicode, [described(description)])).toEqual([`0:${label}`]);
  });

  it('scans property names and schema text too', () => {
    const inputSchema = { type: 'object', properties: { 'ci\u200Cty': { type: 'string', description: `City${TAGS}` } } };
    expect(ruleHits(securityHiddenUnicode, [cleanTool(0, { inputSchema })])).toEqual(['0:zero-width-character', '0:tag-character']);
  });

  it('passes ordinary text, emoji sequences and line breaks', () => {
    const tools = [
      ...CLEAN_TOOLS,
      described('Returns the forecast ☀️ for a city.\nUse it for trips: 👩‍💻 👨‍👩‍👧 👩🏽‍💻.\tTabs are fine.'),
      described('Renvoie la météo. 天気予報を返します。'),
    ];
    expect(ruleHits(securityHiddenUnicode, tools)).toEqual([]);
  });
});
