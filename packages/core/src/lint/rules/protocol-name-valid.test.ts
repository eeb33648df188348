import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolNameValid } from './protocol-name-valid.js';

describe('protocol-name-valid', () => {
  it('flags names with other characters or over 128 characters', () => {
    const tools = [
      cleanTool(0, { name: 'get weather' }),
      cleanTool(1, { name: 'list_événements' }),
      cleanTool(2, { name: 'a'.repeat(129) }),
    ];
    expect(ruleHits(protocolNameValid, tools)).toEqual(['0:name-invalid-characters', '1:name-invalid-characters', '2:name-too-long']);
  });

  it('passes SEP-986 names, namespaced ones included', () => {
    const tools = [...CLEAN_TOOLS, cleanTool(0, { name: 'weather.get-forecast/v2' }), cleanTool(1, { name: 'a'.repeat(128) })];
    expect(ruleHits(protocolNameValid, tools)).toEqual([]);
  });
});
