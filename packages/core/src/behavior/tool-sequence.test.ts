import { describe, expect, it } from 'vitest';
import type { SequenceExpectation, SequenceStep } from './tool-sequence.js';
import { classifySequence, liveTools, sequencePolicy } from './tool-sequence.js';
import { call, turn, unknown } from './test-support/turns.js';

const steps: SequenceStep[] = [
  { tool: 'search_issues', result: { stub: { issues: [] } } },
  { tool: 'create_ticket', result: 'live' },
];
const strict: SequenceExpectation = { steps, order: 'strict', maxExtraSteps: 1 };
const inOrder: SequenceExpectation = { ...strict, order: 'in_order' };

describe('classifySequence', () => {
  it('matches the chain, in one response or several', () => {
    expect(classifySequence([turn(call('search_issues')), turn(call('create_ticket'))], strict)).toMatchObject({
      label: 'sequence-match',
      pass: true,
      firstErrorPosition: 0,
      expectedSteps: 2,
      stepsTaken: 2,
    });
    expect(classifySequence([turn(call('search_issues'), call('create_ticket'))], strict).label).toBe('sequence-match');
  });

  it('labels the first deviation at its position', () => {
    expect(classifySequence([turn(call('create_ticket')), turn(call('search_issues'))], strict)).toMatchObject({
      label: 'sequence-order',
      firstErrorPosition: 1,
    });
    expect(classifySequence([turn(call('search_issues'))], strict)).toMatchObject({
      label: 'sequence-missing-step',
      firstErrorPosition: 2,
      stepsTaken: 1,
    });
    expect(classifySequence([], strict)).toMatchObject({ label: 'sequence-missing-step', firstErrorPosition: 1, stepsTaken: 0 });
    expect(classifySequence([turn(call('search_issues')), turn(unknown())], strict)).toMatchObject({
      label: 'unknown-tool',
      firstErrorPosition: 2,
    });
  });

  it('counts extra calls against max_extra_steps, and in strict forbids any between two steps', () => {
    const between = [turn(call('search_issues')), turn(call('get_item')), turn(call('create_ticket'))];
    expect(classifySequence(between, strict)).toMatchObject({ label: 'sequence-extra-step', firstErrorPosition: 2 });
    expect(classifySequence(between, inOrder)).toMatchObject({ label: 'sequence-match', stepsTaken: 3 });
    const before = [turn(call('list_items')), turn(call('search_issues')), turn(call('create_ticket'))];
    expect(classifySequence(before, strict).label).toBe('sequence-match');
    const two = [turn(call('list_items')), turn(call('get_item')), turn(call('search_issues')), turn(call('create_ticket'))];
    expect(classifySequence(two, inOrder)).toMatchObject({ label: 'sequence-extra-step', firstErrorPosition: 2 });
    const repeated = [turn(call('search_issues')), turn(call('search_issues')), turn(call('create_ticket'))];
    expect(classifySequence(repeated, strict).label).toBe('sequence-extra-step');
    expect(classifySequence(repeated, inOrder).label).toBe('sequence-match');
  });
});

describe('sequencePolicy', () => {
  it('stops once complete or off course, and bounds the turns', () => {
    const policy = sequencePolicy(strict);
    expect(policy.maxTurns).toBe(4);
    expect(policy.more([turn(call('search_issues'))])).toBe(true);
    expect(policy.more([turn(call('search_issues')), turn(call('create_ticket'))])).toBe(false);
    expect(policy.more([turn(call('create_ticket'))])).toBe(false);
    expect(sequencePolicy({ ...strict, maxExtraSteps: 100 }).maxTurns).toBe(16);
  });

  it('feeds stubs, {} for other tools, and a live step only through the callback', async () => {
    const search = { kind: 'call', id: 'a', name: 'search_issues', input: {} } as const;
    const ticket = { kind: 'call', id: 'b', name: 'create_ticket', input: { title: 't' } } as const;
    const other = { kind: 'call', id: 'c', name: 'get_item', input: {} } as const;
    const noLive = sequencePolicy(strict);
    expect(await noLive.feed(search)).toEqual({ kind: 'result', value: { issues: [] } });
    expect(await noLive.feed(other)).toEqual({ kind: 'result', value: {} });
    expect(await noLive.feed(ticket)).toEqual({ kind: 'refused' });
    const seen: string[] = [];
    const live = sequencePolicy(strict, (tool) => {
      seen.push(tool);
      return Promise.resolve({ kind: 'result', value: { id: 'T-1' } });
    });
    expect(await live.feed(ticket)).toEqual({ kind: 'result', value: { id: 'T-1' } });
    expect(seen).toEqual(['create_ticket']);
    expect(liveTools(strict)).toEqual(['create_ticket']);
  });
});
