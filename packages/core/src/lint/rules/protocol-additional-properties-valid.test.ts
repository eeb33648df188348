import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolAdditionalPropertiesValid } from './protocol-additional-properties-valid.js';

describe('protocol-additional-properties-valid', () => {
  it('flags additionalProperties that is neither a boolean nor a schema, at any depth', () => {
    const tools = [
      cleanTool(0, { inputSchema: { type: 'object', additionalProperties: 'false' } }),
      cleanTool(1, { inputSchema: { type: 'object', properties: { meta: { type: 'object', additionalProperties: null } } } }),
    ];
    expect(ruleHits(protocolAdditionalPropertiesValid, tools)).toEqual([
      '0:additional-properties-invalid',
      '1:additional-properties-invalid',
    ]);
  });

  it('passes booleans and schemas', () => {
    const tools = [...CLEAN_TOOLS, cleanTool(1, { inputSchema: { type: 'object', additionalProperties: { type: 'string' } } })];
    expect(ruleHits(protocolAdditionalPropertiesValid, tools)).toEqual([]);
  });
});
