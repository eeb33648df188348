import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { qualityDescriptionActionable } from './quality-description-actionable.js';

describe('quality-description-actionable', () => {
  it('flags a first sentence without an action verb', () => {
    const tools = [
      cleanTool(0, { description: 'Weather data for cities worldwide. Returns hourly values.' }),
      cleanTool(1, { description: 'Calendar events between two dates, newest first' }),
    ];
    expect(ruleHits(qualityDescriptionActionable, tools)).toEqual(['0:no-action-verb', '1:no-action-verb']);
  });

  it('passes descriptions that lead with what the tool does, in any inflection', () => {
    const tools = [
      ...CLEAN_TOOLS,
      cleanTool(0, { description: 'Fetching the forecast for a city, hourly.' }),
      cleanTool(1, { description: 'This tool deletes nothing: it copies events into a new calendar.' }),
      cleanTool(2, { description: '' }),
    ];
    expect(ruleHits(qualityDescriptionActionable, tools)).toEqual([]);
  });
});
