import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { qualityDescriptionNoFiller } from './quality-description-no-filler.js';

describe('quality-description-no-filler', () => {
  it('flags placeholders and descriptions that only restate the name', () => {
    const tools = [
      cleanTool(0, { description: 'TODO: write a proper description of the forecast.' }),
      cleanTool(1, { description: 'A helpful tool.' }),
      cleanTool(2, { description: 'Creates the invoice draft.' }),
      cleanTool(0, { name: 'get_user', description: 'Get users' }),
    ];
    expect(ruleHits(qualityDescriptionNoFiller, tools)).toEqual([
      '0:placeholder-text',
      '1:placeholder-text',
      '2:restates-name',
      '3:restates-name',
    ]);
  });

  it('passes descriptions that add to the name', () => {
    expect(
      ruleHits(qualityDescriptionNoFiller, [...CLEAN_TOOLS, cleanTool(2, { description: 'Creates the invoice draft for a customer.' })]),
    ).toEqual([]);
  });
});
