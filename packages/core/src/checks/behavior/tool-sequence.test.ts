import { describe, expect, it } from 'vitest';

import { runBehaviorCases, scriptedColumn, scriptedPort } from '../../test-support/behavior-harness.js';
import type { ScriptedTurn } from '../../test-support/behavior-harness.js';
import { toolSequence } from './tool-sequence.js';

const CASE = `  - id: chain
    behavior: tool-sequence
    task: "Read item a, then store a copy as b"
    expect:
      order: strict
      steps:
        - { tool: get_item, result: { stub: { value: x } } }
        - { tool: create_item, arguments: { id: { match: exact, value: b } }, result: { stub: { ok: true } } }
`;

const call = (tool: string, input: Record<string, string> = {}): ScriptedTurn => ({ calls: [[tool, input]] });
const SCRIPTS: Record<string, readonly ScriptedTurn[]> = {
  match: [call('get_item', { id: 'a' }), call('create_item', { id: 'b' })],
  order: [call('create_item', { id: 'b' }), call('get_item', { id: 'a' })],
  missing: [call('get_item', { id: 'a' }), { calls: [] }],
  extra: [call('get_item', { id: 'a' }), call('echo', { message: 'x' }), call('create_item', { id: 'b' })],
  unknown: [{ calls: ['?'] }],
};

describe('tool-sequence', () => {
  it('passes the chain in order and fails each deviation with its label and position', async () => {
    const ports = Object.fromEntries(Object.entries(SCRIPTS).map(([id, turns]) => [id, scriptedPort(turns)]));
    const run = await runBehaviorCases(
      CASE,
      Object.entries(ports).map(([id, port]) => scriptedColumn(id, port)),
    );
    const sequence = Object.fromEntries(
      run.records.filter((r) => r.check === 'tool-sequence').map((r) => [r.model, [r.status, r.label, r.measurements.firstErrorPosition]]),
    );
    expect(sequence).toEqual({
      match: ['pass', 'sequence-match', 0],
      order: ['fail', 'sequence-order', 1],
      missing: ['fail', 'sequence-missing-step', 2],
      extra: ['fail', 'sequence-extra-step', 2],
      unknown: ['fail', 'unknown-tool', 1],
    });
    expect(Object.keys(toolSequence.labels).sort()).toEqual(
      Object.values(sequence as Record<string, [string, string, number]>)
        .map(([, l]) => l)
        .sort(),
    );
    // The first step's stub was fed back, not a live result.
    expect(ports.match?.seen[1]?.messages.find((m) => m.role === 'tool')).toMatchObject({ name: 'get_item', result: { value: 'x' } });
    expect(run.records.find((r) => r.model === 'match' && r.check === 'argument-correctness')).toMatchObject({
      status: 'pass',
      label: 'args-match',
    });
  });

  it('a live step on a tool the mutation gate refuses is skip mutation-not-allowed, and nothing is sent; a read-only one is live', async () => {
    const refused = scriptedPort([call('delete_item', { id: 'a' })]);
    const live = scriptedPort([call('get_item', { id: 'nope' }), call('echo', { message: 'x' })]);
    const cases = `  - id: destroy
    behavior: tool-sequence
    task: "Delete item a"
    expect: { steps: [{ tool: delete_item, result: live }] }
    models: [refused]
  - id: read
    behavior: tool-sequence
    task: "Read item nope then echo"
    expect: { steps: [{ tool: get_item, result: live }, { tool: echo, result: { stub: {} } }] }
    models: [live]
`;
    const run = await runBehaviorCases(cases, [scriptedColumn('refused', refused), scriptedColumn('live', live)], { trials: 3 });
    expect(run.records.find((r) => r.id === 'destroy')).toMatchObject({ status: 'skip', label: 'mutation-not-allowed' });
    expect(refused.requests).toBe(0);
    expect(run.records.find((r) => r.id === 'read')).toMatchObject({ status: 'pass', label: 'sequence-match' });
    const fed = live.seen[1]?.messages.find((m) => m.role === 'tool');
    expect(fed).toMatchObject({ name: 'get_item', result: { isError: true } });
  });
});
