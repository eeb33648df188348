import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolOutputSchemaObject } from './protocol-output-schema-object.js';

describe('protocol-output-schema-object', () => {
  it('flags an output schema that is not an object schema', () => {
    const tools = [
      cleanTool(0, { outputSchema: 'json' }),
      cleanTool(1, { outputSchema: { type: 'array', items: { type: 'object' } } }),
      cleanTool(2, { outputSchema: { properties: { id: { type: 'string' } } } }),
    ];
    expect(ruleHits(protocolOutputSchemaObject, tools)).toEqual([
      '0:output-schema-not-object',
      '1:output-schema-type-not-object',
      '2:output-schema-type-not-object',
    ]);
  });

  it('passes object output schemas and tools without one', () => {
    expect(ruleHits(protocolOutputSchemaObject, CLEAN_TOOLS)).toEqual([]);
  });
});
