import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolToolObject } from './protocol-tool-object.js';

describe('protocol-tool-object', () => {
  it('flags entries that are not objects', () => {
    expect(ruleHits(protocolToolObject, [CLEAN_TOOLS[0], 'get_weather', null, [CLEAN_TOOLS[1]], 7])).toEqual([
      '1:tool-not-object',
      '2:tool-not-object',
      '3:tool-not-object',
      '4:tool-not-object',
    ]);
  });

  it('passes a catalog of objects', () => {
    expect(ruleHits(protocolToolObject, CLEAN_TOOLS)).toEqual([]);
  });
});
