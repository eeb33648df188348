import type { ModelTool } from '@mcp-eval/core';
import { describe, expect, it } from 'vitest';
import { chooseTool, createLexicalPort, LEXICAL_MIN_MARGIN } from './lexical-port.js';

const tool = (name: string, description: string): ModelTool => ({ name, description, inputSchema: { type: 'object' } });
const catalog = [
  tool('get_item', 'Fetch one item by its id'),
  tool('list_items', 'List every item'),
  tool('delete_user', 'Remove a user account'),
];
const params = { maxOutputTokens: 64, timeoutMs: 1000, maxRetries: 0 };

describe('lexical selector', () => {
  it('chooses the top tool when it leads by the margin', () => {
    const choice = chooseTool('Remove the account of user 7', catalog);
    expect(choice).toMatchObject({ kind: 'tool', name: 'delete_user' });
    expect(choice.margin).toBeGreaterThanOrEqual(LEXICAL_MIN_MARGIN);
  });
  it('makes no call when the two best are too close to tell apart', () => {
    const twins = [tool('get_item', 'Fetch an item'), tool('fetch_item', 'Get an item')];
    const choice = chooseTool('get an item', twins);
    expect(choice.kind).toBe('none');
    expect(choice.margin).toBeLessThan(LEXICAL_MIN_MARGIN);
    // The same race is decided once the required margin is lowered below it.
    expect(chooseTool('get an item', twins, 0).kind).toBe('tool');
  });
  it('makes no call when nothing matches', () => {
    expect(chooseTool("Thanks, that's all for today", catalog)).toMatchObject({ kind: 'none', top: 0 });
  });
  it('answers through the port with one argument-less call, no request and no tokens, the same every run', async () => {
    const port = createLexicalPort();
    const request = { tools: catalog, messages: [{ role: 'user' as const, content: 'Fetch item A-17 by id' }], params };
    const first = await port.decide(request);
    expect(first).toMatchObject({
      kind: 'decision',
      calls: [{ kind: 'call', name: 'get_item', input: {} }],
      finish: 'tool-calls',
      requests: 0,
      usage: { inputTokens: 0, outputTokens: 0 },
    });
    for (let i = 0; i < 3; i += 1) {
      const again = await port.decide(request);
      expect(again.kind === 'decision' && again.calls).toEqual(first.kind === 'decision' && first.calls);
    }
  });
  it('never continues a chain that already holds a tool result', async () => {
    const outcome = await createLexicalPort().decide({
      tools: catalog,
      messages: [
        { role: 'user', content: 'Fetch item A-17 by id' },
        { role: 'assistant', calls: [{ id: 'c1', name: 'get_item', input: {} }] },
        { role: 'tool', id: 'c1', name: 'get_item', result: {} },
      ],
      params,
    });
    expect(outcome).toMatchObject({ kind: 'decision', calls: [], finish: 'stop' });
  });
});
