import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { qualityDeprecated } from './quality-deprecated.js';

describe('quality-deprecated', () => {
  it('flags tools marked deprecated by description, name or schema', () => {
    const tools = [
      cleanTool(0, { description: 'DEPRECATED: use get_forecast_v2. Returns the forecast.' }),
      cleanTool(1, { name: 'list_events_deprecated' }),
      cleanTool(2, { inputSchema: { type: 'object', deprecated: true } }),
    ];
    expect(ruleHits(qualityDeprecated, tools)).toEqual(['0:deprecated-tool', '1:deprecated-tool', '2:deprecated-tool']);
  });

  it('passes current tools', () => {
    expect(ruleHits(qualityDeprecated, CLEAN_TOOLS)).toEqual([]);
  });
});
