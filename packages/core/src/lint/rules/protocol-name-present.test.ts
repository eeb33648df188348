import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolNamePresent } from './protocol-name-present.js';

describe('protocol-name-present', () => {
  it('flags a missing, non-string or blank name', () => {
    const tools = [cleanTool(0, { name: undefined }), cleanTool(1, { name: 42 }), cleanTool(2, { name: '  ' })];
    expect(ruleHits(protocolNamePresent, tools)).toEqual(['0:name-missing', '1:name-not-string', '2:name-empty']);
  });

  it('passes named tools and leaves non-objects to protocol-tool-object', () => {
    expect(ruleHits(protocolNamePresent, [...CLEAN_TOOLS, 'junk'])).toEqual([]);
  });
});
