import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolInputSchemaTypeObject } from './protocol-input-schema-type-object.js';

describe('protocol-input-schema-type-object', () => {
  it('flags an input schema without type or with another type', () => {
    const tools = [
      cleanTool(0, { inputSchema: { properties: {} } }),
      cleanTool(1, { inputSchema: { type: 'string' } }),
      cleanTool(2, { inputSchema: { type: ['object', 'null'] } }),
    ];
    expect(ruleHits(protocolInputSchemaTypeObject, tools)).toEqual([
      '0:input-schema-type-missing',
      '1:input-schema-type-not-object',
      '2:input-schema-type-not-object',
    ]);
  });

  it('passes object schemas and leaves missing schemas to protocol-input-schema-present', () => {
    expect(ruleHits(protocolInputSchemaTypeObject, [...CLEAN_TOOLS, cleanTool(0, { inputSchema: undefined })])).toEqual([]);
  });
});
