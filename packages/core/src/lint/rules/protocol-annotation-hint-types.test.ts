import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolAnnotationHintTypes } from './protocol-annotation-hint-types.js';

describe('protocol-annotation-hint-types', () => {
  it('flags hints that are not booleans and a title that is not a string', () => {
    const tools = [
      cleanTool(0, { annotations: { readOnlyHint: 'true', openWorldHint: 1 } }),
      cleanTool(1, { annotations: { destructiveHint: null, idempotentHint: 'no', title: 5 } }),
    ];
    expect(ruleHits(protocolAnnotationHintTypes, tools)).toEqual([
      '0:read-only-hint-not-boolean',
      '0:open-world-hint-not-boolean',
      '1:destructive-hint-not-boolean',
      '1:idempotent-hint-not-boolean',
      '1:annotation-title-not-string',
    ]);
  });

  it('passes boolean hints, a string title and absent hints', () => {
    const tools = [...CLEAN_TOOLS, cleanTool(0, { annotations: { title: 'Forecast' } }), cleanTool(1, { annotations: undefined })];
    expect(ruleHits(protocolAnnotationHintTypes, tools)).toEqual([]);
  });
});
