import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolInputSchemaPresent } from './protocol-input-schema-present.js';

describe('protocol-input-schema-present', () => {
  it('flags a missing or non-object input schema', () => {
    const tools = [cleanTool(0, { inputSchema: undefined }), cleanTool(1, { inputSchema: 'object' }), cleanTool(2, { inputSchema: [] })];
    expect(ruleHits(protocolInputSchemaPresent, tools)).toEqual([
      '0:input-schema-missing',
      '1:input-schema-not-object',
      '2:input-schema-not-object',
    ]);
  });

  it('passes object schemas, the empty one included', () => {
    expect(ruleHits(protocolInputSchemaPresent, [...CLEAN_TOOLS, cleanTool(0, { inputSchema: { type: 'object' } })])).toEqual([]);
  });
});
