import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { qualityParamTyped } from './quality-param-typed.js';

describe('quality-param-typed', () => {
  it('flags a parameter without type information', () => {
    const tools = [cleanTool(0, { inputSchema: { type: 'object', properties: { city: { description: 'City name.' } } } })];
    expect(ruleHits(qualityParamTyped, tools)).toEqual(['0:param-untyped']);
  });

  it('passes type, enum, const, $ref and combinators', () => {
    const properties = {
      a: { type: 'string' },
      b: { enum: ['x', 'y'] },
      c: { const: 1 },
      d: { $ref: '#/$defs/d' },
      e: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    };
    expect(ruleHits(qualityParamTyped, [...CLEAN_TOOLS, cleanTool(0, { inputSchema: { type: 'object', properties } })])).toEqual([]);
  });
});
