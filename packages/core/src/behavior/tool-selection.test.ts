import { describe, expect, it } from 'vitest';
import { classifySelection, selectionPolicy } from './tool-selection.js';
import { call, text, turn, unknown } from './test-support/turns.js';

const expected = { tool: 'get_item', acceptPrerequisite: ['list_items'] };
const label = (...turns: Parameters<typeof classifySelection>[0]) => classifySelection(turns, expected).label;

describe('classifySelection', () => {
  it('passes the expected tool alone, directly or after an accepted prerequisite', () => {
    expect(classifySelection([turn(call('get_item', { id: 'A' }))], expected)).toMatchObject({
      label: 'selected-expected',
      pass: true,
      call: { name: 'get_item' },
    });
    expect(classifySelection([turn(call('list_items')), turn(call('get_item'))], expected)).toMatchObject({
      label: 'selected-prerequisite',
      pass: true,
    });
  });

  it('fails every other behaviour with its label', () => {
    expect(label(turn(call('delete_item')))).toBe('selected-other');
    expect(label(turn(unknown()))).toBe('unknown-tool');
    expect(label(turn(call('get_item'), unknown()))).toBe('unknown-tool');
    expect(label(text(true))).toBe('tool-call-as-text');
    expect(label(text(false))).toBe('no-call');
    expect(label()).toBe('no-call');
    expect(label(turn(call('get_item'), call('list_items')))).toBe('extra-calls');
    expect(label(turn(call('get_item'), call('get_item')))).toBe('extra-calls');
    expect(label(turn(call('list_items')))).toBe('no-call');
    expect(label(turn(call('list_items')), text(false))).toBe('no-call');
    expect(label(turn(call('list_items')), turn(call('delete_item')))).toBe('selected-other');
    expect(label(turn(call('list_items')), turn(unknown()))).toBe('unknown-tool');
    expect(label(turn(call('list_items')), turn(call('get_item'), call('list_items')))).toBe('extra-calls');
    // A prerequisite not accepted by the case is just another tool.
    expect(classifySelection([turn(call('list_items')), turn(call('get_item'))], { tool: 'get_item', acceptPrerequisite: [] }).label).toBe(
      'selected-other',
    );
  });
});

describe('selectionPolicy', () => {
  it('asks again only after a lone accepted prerequisite, feeding {} unless a live result is given', async () => {
    const policy = selectionPolicy(expected);
    expect(policy.maxTurns).toBe(2);
    expect(policy.more([turn(call('list_items'))])).toBe(true);
    expect(policy.more([turn(call('get_item'))])).toBe(false);
    expect(policy.more([turn(call('list_items'), call('get_item'))])).toBe(false);
    const prerequisite = { kind: 'call', id: 'x', name: 'list_items', input: {} } as const;
    expect(await policy.feed(prerequisite)).toEqual({ kind: 'result', value: {} });
    const live = selectionPolicy(expected, () => Promise.resolve({ kind: 'result', value: { items: [1] } }));
    expect(await live.feed(prerequisite)).toEqual({ kind: 'result', value: { items: [1] } });
    const refused = selectionPolicy(expected, () => Promise.resolve({ kind: 'refused' }));
    expect(await refused.feed(prerequisite)).toEqual({ kind: 'result', value: {} });
  });
});
