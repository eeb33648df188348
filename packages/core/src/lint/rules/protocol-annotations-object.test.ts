import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { protocolAnnotationsObject } from './protocol-annotations-object.js';

describe('protocol-annotations-object', () => {
  it('flags annotations that are not an object', () => {
    const tools = [cleanTool(0, { annotations: ['readOnlyHint'] }), cleanTool(1, { annotations: 'read-only' })];
    expect(ruleHits(protocolAnnotationsObject, tools)).toEqual(['0:annotations-not-object', '1:annotations-not-object']);
  });

  it('passes object annotations and absent ones', () => {
    expect(ruleHits(protocolAnnotationsObject, [...CLEAN_TOOLS, cleanTool(0, { annotations: undefined })])).toEqual([]);
  });
});
