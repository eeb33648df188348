import { describe, expect, it } from 'vitest';

import { CLEAN_TOOLS, cleanTool, ruleHits } from '../test-support/lint-fixtures.js';
import { qualityAnnotationsPresent } from './quality-annotations-present.js';

describe('quality-annotations-present', () => {
  it('flags tools without annotations or without the safety hints', () => {
    const tools = [cleanTool(0, { annotations: undefined }), cleanTool(1, { annotations: { title: 'Events', openWorldHint: false } })];
    expect(ruleHits(qualityAnnotationsPresent, tools)).toEqual(['0:annotations-missing', '1:safety-hints-missing']);
  });

  it('passes tools with readOnlyHint or destructiveHint, and leaves malformed annotations to protocol rules', () => {
    const tools = [...CLEAN_TOOLS, cleanTool(0, { annotations: { destructiveHint: true } }), cleanTool(1, { annotations: 'x' })];
    expect(ruleHits(qualityAnnotationsPresent, tools)).toEqual([]);
  });
});
