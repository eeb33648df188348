import { describe, expect, it } from 'vitest';

import { runBehaviorCases, scriptedColumn, scriptedPort } from '../../test-support/behavior-harness.js';
import { noCall } from './no-call.js';

describe('no-call', () => {
  it('passes a model that answers without a call and fails one that over-triggers', async () => {
    const quiet = scriptedPort([{ calls: [], text: 'plain' }]);
    const eager = scriptedPort([{ calls: [['echo', { message: 'thanks' }]] }]);
    const run = await runBehaviorCases(
      '  - { id: thanks, behavior: no-call, task: "Thanks, that\'s all" }\n',
      [scriptedColumn('quiet', quiet), scriptedColumn('eager', eager)],
      {
        trials: 3,
      },
    );
    expect(run.records.map((r) => [r.model, r.status, r.label, r.measurements.falseTriggerRate])).toEqual([
      ['quiet', 'pass', 'no-call', 0],
      ['eager', 'fail', 'over-triggered', 1],
    ]);
    expect(Object.keys(noCall.labels).sort()).toEqual(['no-call', 'over-triggered']);
    expect(run.models.map((m) => [m.id, m.overTriggerRate, m.requests])).toEqual([
      ['quiet', 0, 3],
      ['eager', 1, 3],
    ]);
  });
});
