import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { MAX_DESCRIPTION_CHARS, MIN_DESCRIPTION_CHARS, qualityDescriptionLength } from './quality-description-length.js';

describe('quality-description-length', () => {
  it('flags descriptions under the minimum or over the maximum', () => {
    const tools = [
      cleanTool(0, { description: 'x'.repeat(MIN_DESCRIPTION_CHARS - 1) }),
      cleanTool(1, { description: `  ${'Gets the forecast. '.repeat(60)}` }),
    ];
    expect(ruleHits(qualityDescriptionLength, tools)).toEqual(['0:description-too-short', '1:description-too-long']);
  });

  it('passes descriptions at exactly the bounds (whitespace trimmed)', () => {
    const tools = [
      ...CLEAN_TOOLS,
      cleanTool(0, { description: ` ${'x'.repeat(MIN_DESCRIPTION_CHARS)} ` }),
      cleanTool(1, { description: 'x'.repeat(MAX_DESCRIPTION_CHARS) }),
    ];
    expect(ruleHits(qualityDescriptionLength, tools)).toEqual([]);
  });
});
