import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolDescriptionPresent } from './protocol-description-present.js';

describe('protocol-description-present', () => {
  it('flags a missing or blank description', () => {
    const tools = [cleanTool(0, { description: undefined }), cleanTool(1, { description: ' \n ' })];
    expect(ruleHits(protocolDescriptionPresent, tools)).toEqual(['0:description-missing', '1:description-empty']);
  });

  it('passes described tools and leaves a wrongly typed description to protocol-text-fields-string', () => {
    expect(ruleHits(protocolDescriptionPresent, [...CLEAN_TOOLS, cleanTool(0, { description: 12 })])).toEqual([]);
  });
});
