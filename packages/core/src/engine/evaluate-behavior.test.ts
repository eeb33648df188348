import { describe, expect, it } from 'vitest';

import type { TrialOutcome } from '../behavior/trial-outcome.js';
import type { ModelPort } from '../models/model-port.js';
import { runBehaviorCases, scriptedColumn, scriptedPort } from '../test-support/behavior-harness.js';
import type { OutcomeStore } from './behavior-column.js';

const CASE = `  - id: pick
    behavior: tool-selection
    task: "Show me item a"
    expect: { tool: get_item, arguments: { id: { match: exact, value: a } } }
`;
const right = () => scriptedPort([{ calls: [['get_item', { id: 'a' }]] }]);

/** The store contract the CLI fills with `createOutcomeCache`; a map here, counting writes. */
function memoryStore(): OutcomeStore & { entries: Map<string, TrialOutcome> } {
  const entries = new Map<string, TrialOutcome>();
  return {
    entries,
    read: (key) => entries.get(key),
    write: (key, outcome) => (entries.set(key, outcome), true),
  };
}

describe('evaluateBehavior', () => {
  it('replays an unchanged rerun from the cache with zero requests; another parameter or a new trial index misses', async () => {
    const cache = memoryStore();
    const first = right();
    const one = await runBehaviorCases(CASE, [scriptedColumn('m', first)], { trials: 3, cache });
    expect(first.requests).toBe(3);
    expect(cache.entries.size).toBe(6); // selection and arguments, per trial
    const again = right();
    const two = await runBehaviorCases(CASE, [scriptedColumn('m', again)], { trials: 3, cache });
    expect(again.requests).toBe(0);
    expect(two.records.map((r) => [r.check, r.status, r.label])).toEqual(one.records.map((r) => [r.check, r.status, r.label]));
    expect(two.models[0]).toMatchObject({ id: 'm', requests: 0, cachedTrials: 3, selectionAccuracy: 1, argumentCorrectness: 1 });
    // A changed model parameter is another model: every trial misses.
    const warmer = right();
    const column = scriptedColumn('m', warmer);
    await runBehaviorCases(CASE, [{ ...column, identity: { ...column.identity, temperature: 0.7 } }], { trials: 3, cache });
    expect(warmer.requests).toBe(3);
    // Trials are keyed one by one: a fourth trial is the only miss.
    const more = right();
    await runBehaviorCases(CASE, [scriptedColumn('m', more)], { trials: 4, cache });
    expect(more.requests).toBe(1);
  });

  it('never asks a column with no key: skip model-unavailable, or error under --require-models; cached trials still replay', async () => {
    const keyless = right();
    const skipped = await runBehaviorCases(CASE, [scriptedColumn('k', keyless, false)], { trials: 5 });
    expect(skipped.records.map((r) => [r.status, r.label])).toEqual([
      ['skip', 'model-unavailable'],
      ['skip', 'model-unavailable'],
    ]);
    expect(keyless.requests).toBe(0);
    expect(skipped.models[0]).toMatchObject({ id: 'k', requests: 0 });
    const required = await runBehaviorCases(CASE, [scriptedColumn('k', keyless, false)], { trials: 5, requireModels: true });
    expect(required.records.map((r) => [r.status, r.label])).toEqual([
      ['error', 'model-unavailable'],
      ['error', 'model-unavailable'],
    ]);
    const cache = memoryStore();
    await runBehaviorCases(CASE, [scriptedColumn('k', right())], { trials: 2, cache });
    const replayed = await runBehaviorCases(CASE, [scriptedColumn('k', keyless, false)], { trials: 2, cache });
    expect(replayed.records[0]).toMatchObject({ status: 'pass', label: 'selected-expected' });
    expect(keyless.requests).toBe(0);
  });

  it('folds trials by the gate: 4 of 5 passes soft, fails hard, and is flaky either way', async () => {
    let n = 0;
    const inner = right();
    const wrong = scriptedPort([{ calls: [['delete_item', { id: 'a' }]] }]);
    const flaky: ModelPort = { decide: (request) => ((n += 1) % 5 === 3 ? wrong : inner).decide(request) };
    const soft = await runBehaviorCases(
      CASE.replace('    task:', '    gate: soft\n    task:'),
      [{ ...scriptedColumn('f', flaky), concurrency: 1 }],
      { trials: 5 },
    );
    expect(soft.records[0]).toMatchObject({ status: 'pass', passes: 4, runs: 5 });
    expect(soft.records[0]?.measurements.flaky).toBe(1);
    expect(soft.records[0]?.measurements.wilsonLow).toBeCloseTo(0.3755, 4);
    expect(soft.records[0]?.measurements.wilsonHigh).toBeCloseTo(0.9638, 4);
    n = 0;
    const hard = await runBehaviorCases(CASE, [{ ...scriptedColumn('f', flaky), concurrency: 1 }], { trials: 5 });
    expect(hard.records[0]).toMatchObject({ status: 'fail', label: 'selected-other', passes: 4 });
  });
});

describe('live results', () => {
  it('a live result past MAX_LIVE_RESULT_BYTES is fed back as { truncated: true }', async () => {
    const port = scriptedPort([{ calls: [['big_read', { bytes: 70_000 }]] }, { calls: [['echo', { message: 'x' }]] }]);
    const cases = `  - id: big
    behavior: tool-sequence
    task: "Read a big text then echo"
    expect: { steps: [{ tool: big_read, result: live }, { tool: echo, result: { stub: {} } }] }
`;
    const run = await runBehaviorCases(cases, [scriptedColumn('m', port)]);
    expect(run.records[0]).toMatchObject({ status: 'pass', label: 'sequence-match' });
    expect(port.seen[1]?.messages.find((m) => m.role === 'tool')).toMatchObject({ name: 'big_read', result: { truncated: true } });
  });
});

describe('the surface in the cache key', () => {
  it('a catalog whose descriptions changed misses the cache; the same catalog replays', async () => {
    const cache = memoryStore();
    const cases = '  - { id: first, behavior: tool-selection, task: "Search the records", expect: { tool: tool_00001 } }\n';
    const pick = () => scriptedPort([{ calls: [['tool_00001', { query: 'x' }]] }]);
    // The catalog fixture's descriptions say "tool 1 of N": another N is an edited description.
    const three = ['catalog', { FIXTURE_TOOLS: '3' }] as const;
    const first = pick();
    await runBehaviorCases(cases, [scriptedColumn('m', first)], { trials: 2, cache, fixture: three });
    const same = pick();
    await runBehaviorCases(cases, [scriptedColumn('m', same)], { trials: 2, cache, fixture: three });
    const edited = pick();
    await runBehaviorCases(cases, [scriptedColumn('m', edited)], { trials: 2, cache, fixture: ['catalog', { FIXTURE_TOOLS: '4' }] });
    expect([first.requests, same.requests, edited.requests]).toEqual([2, 0, 2]);
    expect(first.seen[0]?.tools[0]?.description).not.toBe(edited.seen[0]?.tools[0]?.description);
  });
});
