import { describe, expect, it } from 'vitest';

import { runBehaviorCases, scriptedColumn, scriptedPort } from '../../test-support/behavior-harness.js';
import { argumentCorrectness } from './argument-correctness.js';

const CASES = `  - id: args
    behavior: tool-selection
    task: "Show me item a"
    expect:
      tool: get_item
      arguments: { id: { match: exact, value: a } }
    models: [match, missing, extra, type, value, elsewhere]
  - id: bounded
    behavior: tool-selection
    task: "Wait five milliseconds"
    expect:
      tool: slow_read
      arguments: { ms: { match: present } }
    models: [bounds]
`;

const COLUMNS: Record<string, readonly [string, unknown]> = {
  match: ['get_item', { id: 'a' }],
  missing: ['get_item', {}],
  extra: ['get_item', { id: 'a', colour: 'red' }],
  type: ['get_item', { id: 17 }],
  value: ['get_item', { id: 'b' }],
  elsewhere: ['delete_item', { id: 'a' }],
  bounds: ['slow_read', { ms: -5 }],
};

describe('argument-correctness', () => {
  it('is judged only on trials that selected correctly, with the specific label first', async () => {
    const columns = Object.entries(COLUMNS).map(([id, [tool, input]]) =>
      scriptedColumn(id, scriptedPort([{ calls: [[tool, input as never]] }])),
    );
    const run = await runBehaviorCases(CASES, columns, { trials: 2 });
    const args = Object.fromEntries(
      run.records.filter((r) => r.check === 'argument-correctness').map((r) => [r.model, [r.status, r.label]]),
    );
    expect(args).toEqual({
      match: ['pass', 'args-match'],
      missing: ['fail', 'missing-required'],
      extra: ['fail', 'unexpected-argument'],
      type: ['fail', 'type-mismatch'],
      value: ['fail', 'value-mismatch'],
      elsewhere: ['skip', 'no-correct-selection'],
      bounds: ['fail', 'schema-invalid'],
    });
    // `judge-unparseable` needs a judge: engine/evaluate-judged.test.ts earns it with a garbage judge.
    expect(
      Object.keys(argumentCorrectness.labels)
        .filter((l) => l !== 'judge-unparseable')
        .sort(),
    ).toEqual(
      Object.values(args as Record<string, [string, string]>)
        .map(([, l]) => l)
        .sort(),
    );
    // Selection and arguments are reported apart: a wrong argument still selected correctly.
    const selection = run.records.find((r) => r.model === 'value' && r.check === 'tool-selection');
    expect(selection).toMatchObject({ status: 'pass', label: 'selected-expected' });
    const matched = run.records.find((r) => r.model === 'match' && r.check === 'argument-correctness');
    expect(matched?.measurements).toMatchObject({ argTrials: 2, argPasses: 2, trials: 2 });
    // Spend sits on the selection record only, so a column's totals count each request once.
    expect(matched?.measurements.requests).toBeUndefined();
  });
});
