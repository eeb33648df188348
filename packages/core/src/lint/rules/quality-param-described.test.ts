import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { qualityParamDescribed } from './quality-param-described.js';

describe('quality-param-described', () => {
  it('flags a tool with an undescribed or blank-described parameter', () => {
    const tools = [
      cleanTool(0, { inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }),
      cleanTool(1, { inputSchema: { type: 'object', properties: { from: { type: 'string', description: ' ' } } } }),
    ];
    expect(ruleHits(qualityParamDescribed, tools)).toEqual(['0:param-undescribed', '1:param-undescribed']);
  });

  it('passes described parameters and tools without parameters', () => {
    expect(ruleHits(qualityParamDescribed, [...CLEAN_TOOLS, cleanTool(0, { inputSchema: { type: 'object' } })])).toEqual([]);
  });
});
