import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolNameUnique } from './protocol-name-unique.js';

describe('protocol-name-unique', () => {
  it('flags every tool that shares its name', () => {
    const tools = [...CLEAN_TOOLS, cleanTool(2, { name: 'get_weather_forecast' })];
    expect(ruleHits(protocolNameUnique, tools)).toEqual(['0:name-duplicated', '3:name-duplicated']);
  });

  it('passes distinct names (case matters)', () => {
    expect(ruleHits(protocolNameUnique, [...CLEAN_TOOLS, cleanTool(0, { name: 'Get_Weather_Forecast' })])).toEqual([]);
  });
});
