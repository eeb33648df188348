import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolPropertyTypeValid } from './protocol-property-type-valid.js';

const schema = (properties: Record<string, unknown>): Record<string, unknown> => ({ inputSchema: { type: 'object', properties } });

describe('protocol-property-type-valid', () => {
  it('flags unknown type names, at the top or nested', () => {
    const tools = [
      cleanTool(0, schema({ city: { type: 'str' } })),
      cleanTool(1, schema({ tags: { type: 'array', items: { type: 'text' } } })),
      cleanTool(2, schema({ when: { anyOf: [{ type: 'date' }, { type: 'null' }] } })),
      cleanTool(0, schema({ mode: { type: [] } })),
      cleanTool(1, schema({ mode: { type: ['string', 'string'] } })),
    ];
    expect(ruleHits(protocolPropertyTypeValid, tools)).toEqual([0, 1, 2, 3, 4].map((i) => `${i}:property-type-unknown`));
  });

  it('passes JSON Schema types and does not read a parameter named `type` as the keyword', () => {
    const tools = [
      ...CLEAN_TOOLS,
      cleanTool(0, schema({ type: { type: 'string', description: 'Kind of record.' }, n: { type: ['integer', 'null'] } })),
      cleanTool(1, schema({ filter: { type: 'object', properties: { type: { enum: ['a', 'b'] } } } })),
    ];
    expect(ruleHits(protocolPropertyTypeValid, tools)).toEqual([]);
  });
});
