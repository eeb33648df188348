import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { qualityDescriptionExplainsUsage } from './quality-description-explains-usage.js';

describe('quality-description-explains-usage', () => {
  it('flags a description with no result or usage cue and no output schema', () => {
    const tools = [cleanTool(0, { description: 'Gets the hourly weather forecast for a city.' })];
    expect(ruleHits(qualityDescriptionExplainsUsage, tools)).toEqual(['0:usage-not-explained']);
  });

  it('passes a description with a cue, or a tool whose output schema says what comes back', () => {
    const tools = [
      ...CLEAN_TOOLS,
      cleanTool(0, { description: 'Gets the hourly forecast. Use this before planning outdoor events.' }),
      cleanTool(1, { description: 'Lists calendar events between two dates.' }),
    ];
    expect(ruleHits(qualityDescriptionExplainsUsage, tools)).toEqual([]);
  });
});
