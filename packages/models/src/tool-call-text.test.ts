import { describe, expect, it } from 'vitest';
import { looksLikeToolCallText } from './tool-call-text.js';

describe('looksLikeToolCallText', () => {
  const tools = ['get_item', 'search.items'];
  it('flags tool calls written out as JSON, tags or invocations', () => {
    expect(looksLikeToolCallText('{"name": "get_item", "arguments": {"id": "A-17"}}', tools)).toBe(true);
    expect(looksLikeToolCallText('<tool_call>{"x":1}</tool_call>', tools)).toBe(true);
    expect(looksLikeToolCallText('I will run search.items(query="a")', tools)).toBe(true);
    expect(looksLikeToolCallText('{"function":"search.items"}', tools)).toBe(true);
  });
  it('leaves plain answers alone, including ones that mention a tool', () => {
    expect(looksLikeToolCallText('You are welcome!', tools)).toBe(false);
    expect(looksLikeToolCallText('I could use get_item for that if you like.', tools)).toBe(false);
    expect(looksLikeToolCallText('{"name": "other_tool"}', tools)).toBe(false);
  });
});
