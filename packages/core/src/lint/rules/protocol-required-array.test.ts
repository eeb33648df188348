import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolRequiredArray } from './protocol-required-array.js';

const withRequired = (required: unknown): Record<string, unknown> => ({
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required },
});

describe('protocol-required-array', () => {
  it('flags a required that is not an array of unique strings', () => {
    const tools = [cleanTool(0, withRequired(true)), cleanTool(1, withRequired(['city', 1])), cleanTool(2, withRequired(['city', 'city']))];
    expect(ruleHits(protocolRequiredArray, tools)).toEqual(['0:required-not-array', '1:required-not-strings', '2:required-duplicates']);
  });

  it('passes arrays of unique names, the empty one included', () => {
    expect(ruleHits(protocolRequiredArray, [...CLEAN_TOOLS, cleanTool(0, withRequired([]))])).toEqual([]);
  });
});
