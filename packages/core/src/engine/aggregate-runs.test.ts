import { describe, expect, it } from 'vitest';

import { aggregateRuns } from './aggregate-runs.js';
import type { RunOutcome } from './run-outcome.js';

const pass = (latencyMs = 1): RunOutcome => ({ status: 'pass', measurements: { latencyMs } });
const fail: RunOutcome = { status: 'fail', label: 'call-failed', measurements: { attempt: 2 } };
const error: RunOutcome = { status: 'error', label: 'case-timeout', measurements: {} };
const skip: RunOutcome = { status: 'skip', label: 'mutation-not-allowed', measurements: {} };

describe('aggregateRuns', () => {
  it('a hard gate needs every run to pass', () => {
    expect(aggregateRuns([pass(), pass(), pass()], 'hard')).toMatchObject({ runs: 3, passes: 3, passRate: 1, outcome: { status: 'pass' } });
    expect(aggregateRuns([pass(), fail, pass()], 'hard')).toMatchObject({ passes: 2, outcome: fail });
  });

  it('a soft gate passes at 4 of 5 and fails at 3 of 5', () => {
    expect(aggregateRuns([pass(), pass(), fail, pass(), pass()], 'soft').outcome.status).toBe('pass');
    expect(aggregateRuns([pass(), fail, fail, pass(), pass()], 'soft')).toMatchObject({ passRate: 0.6, outcome: fail });
  });

  it('reports the worst status seen when the gate is not met: fail before error before skip', () => {
    expect(aggregateRuns([error, fail], 'hard').outcome).toBe(fail);
    expect(aggregateRuns([skip, error], 'hard').outcome).toBe(error);
  });

  it('keeps the last passing run as the representative of a passing case', () => {
    expect(aggregateRuns([pass(1), pass(7)], 'hard').outcome.measurements).toEqual({ latencyMs: 7 });
  });

  it('a case whose every run was skipped is skipped', () => {
    expect(aggregateRuns([skip, skip], 'hard')).toMatchObject({ passes: 0, outcome: skip });
  });
});
