import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolPropertySchemaObject } from './protocol-property-schema-object.js';

describe('protocol-property-schema-object', () => {
  it('flags a parameter whose schema is a string, array or null', () => {
    const tools = [
      cleanTool(0, { inputSchema: { type: 'object', properties: { city: 'string' } } }),
      cleanTool(1, { inputSchema: { type: 'object', properties: { from: { type: 'string' }, to: null } } }),
      cleanTool(2, { inputSchema: { type: 'object', properties: { ids: ['a', 'b'] } } }),
    ];
    expect(ruleHits(protocolPropertySchemaObject, tools)).toEqual([
      '0:property-schema-invalid',
      '1:property-schema-invalid',
      '2:property-schema-invalid',
    ]);
  });

  it('passes object schemas and boolean schemas', () => {
    const tools = [...CLEAN_TOOLS, cleanTool(0, { inputSchema: { type: 'object', properties: { anything: true, nothing: false } } })];
    expect(ruleHits(protocolPropertySchemaObject, tools)).toEqual([]);
  });
});
