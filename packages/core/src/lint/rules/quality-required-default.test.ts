import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { qualityRequiredDefault } from './quality-required-default.js';

describe('quality-required-default', () => {
  it('flags a required parameter that has a default', () => {
    const inputSchema = { type: 'object', properties: { city: { type: 'string', default: 'Paris' } }, required: ['city'] };
    expect(ruleHits(qualityRequiredDefault, [cleanTool(0, { inputSchema })])).toEqual(['0:required-with-default']);
  });

  it('passes defaults on optional parameters', () => {
    expect(ruleHits(qualityRequiredDefault, CLEAN_TOOLS)).toEqual([]);
  });
});
