import { describe, expect, it } from 'vitest';

import { MAX_ITEM_DEPTH } from '../../catalog/catalog-budget.js';
import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolSchemaDepth } from './protocol-schema-depth.js';

/** An input schema whose tool entry nests exactly `depth` levels (entry, inputSchema, then pairs). */
function nested(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i += 1) schema = { type: 'object', properties: { next: schema } };
  return schema;
}

describe('protocol-schema-depth', () => {
  it('flags an entry nested past the limit, at a depth JSON.stringify cannot encode', () => {
    const deep = nested(10_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(ruleHits(protocolSchemaDepth, [...CLEAN_TOOLS, cleanTool(1, { name: 'deep_tool', inputSchema: deep })])).toEqual([
      '3:schema-too-deep',
    ]);
  });

  it('draws the line at the limit', () => {
    // entry (1) + inputSchema (1) + 2 per level: the entry nests 2 + 2 × levels.
    const atLimit = (MAX_ITEM_DEPTH - 2) / 2;
    expect(ruleHits(protocolSchemaDepth, [cleanTool(0, { inputSchema: nested(atLimit) })])).toEqual([]);
    expect(ruleHits(protocolSchemaDepth, [cleanTool(0, { inputSchema: nested(atLimit + 1) })])).toEqual(['0:schema-too-deep']);
  });
});
