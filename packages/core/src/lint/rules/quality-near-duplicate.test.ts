import { describe, expect, it } from 'vitest';

import { readCatalog } from '../read-catalog.js';
import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { qualityNearDuplicate } from './quality-near-duplicate.js';

describe('quality-near-duplicate', () => {
  it('flags both tools of a pair scoring above 0.6, with the score and the partner', () => {
    const twin = cleanTool(0, { name: 'get_weather_forecasts', description: 'Returns the hourly weather forecast for a city.' });
    const tools = [...CLEAN_TOOLS, twin];
    expect(ruleHits(qualityNearDuplicate, tools)).toEqual(['0:near-duplicate', '3:near-duplicate']);
    const [first] = qualityNearDuplicate.check(readCatalog(tools));
    expect(first?.measurements?.pairedToolIndex).toBe(3);
    expect(first?.measurements?.similarity).toBeGreaterThan(0.6);
  });

  it('passes tools that share words but differ in name, purpose and parameters', () => {
    const cousin = cleanTool(0, {
      name: 'get_air_quality',
      description: 'Returns the air quality index for a city, with the main pollutant.',
      inputSchema: { type: 'object', properties: { station: { type: 'string', description: 'Station id.', maxLength: 20 } } },
    });
    expect(ruleHits(qualityNearDuplicate, [...CLEAN_TOOLS, cousin])).toEqual([]);
  });
});
