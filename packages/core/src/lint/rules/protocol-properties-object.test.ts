import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolPropertiesObject } from './protocol-properties-object.js';

describe('protocol-properties-object', () => {
  it('flags properties that are an array or null', () => {
    const tools = [
      cleanTool(0, { inputSchema: { type: 'object', properties: [{ name: 'city', type: 'string' }] } }),
      cleanTool(1, { inputSchema: { type: 'object', properties: null } }),
    ];
    expect(ruleHits(protocolPropertiesObject, tools)).toEqual(['0:properties-not-object', '1:properties-not-object']);
  });

  it('passes object properties and schemas without any', () => {
    expect(ruleHits(protocolPropertiesObject, [...CLEAN_TOOLS, cleanTool(0, { inputSchema: { type: 'object' } })])).toEqual([]);
  });
});
