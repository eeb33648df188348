import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolRequiredExist } from './protocol-required-exist.js';

describe('protocol-required-exist', () => {
  it('flags a required name that properties do not declare', () => {
    const tools = [
      cleanTool(0, { inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city', 'country'] } }),
      cleanTool(1, { inputSchema: { type: 'object', required: ['from'] } }),
    ];
    expect(ruleHits(protocolRequiredExist, tools)).toEqual(['0:required-property-missing', '1:required-property-missing']);
  });

  it('passes when every required name is declared', () => {
    expect(ruleHits(protocolRequiredExist, CLEAN_TOOLS)).toEqual([]);
  });
});
