import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolTextFieldsString } from './protocol-text-fields-string.js';

describe('protocol-text-fields-string', () => {
  it('flags a description or title that is not a string', () => {
    const tools = [cleanTool(0, { description: ['Returns the forecast.'] }), cleanTool(1, { title: null, description: { text: 'x' } })];
    expect(ruleHits(protocolTextFieldsString, tools)).toEqual([
      '0:description-not-string',
      '1:description-not-string',
      '1:title-not-string',
    ]);
  });

  it('passes string fields and absent ones', () => {
    expect(ruleHits(protocolTextFieldsString, [...CLEAN_TOOLS, cleanTool(0, { title: undefined, description: undefined })])).toEqual([]);
  });
});
