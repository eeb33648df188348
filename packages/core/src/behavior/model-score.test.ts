import { describe, expect, it } from 'vitest';

import type { CaseRecord } from '../record.js';
import { behaviorCheckSeverity } from '../checks/behavior/index.js';
import { modelScore as scoreOf, modelScoreGate } from './model-score.js';

const modelScore = (records: readonly CaseRecord[]) => scoreOf(records, behaviorCheckSeverity);

const record = (check: string, status: CaseRecord['status'], findings?: CaseRecord['findings']): CaseRecord => ({
  id: check,
  kind: 'behavior',
  check,
  status,
  ...(status === 'pass' ? {} : { label: 'x' }),
  measurements: {},
  runs: 1,
  passes: status === 'pass' ? 1 : 0,
  passRate: status === 'pass' ? 1 : 0,
  durationMs: 0,
  model: 'm',
  ...(findings === undefined ? {} : { findings }),
});

describe('modelScore', () => {
  it("weighs each check by lint's severity weights: one unit per record, or per tool when it has per-tool findings", () => {
    expect(modelScore([])).toBeUndefined();
    expect(modelScore([record('safety-resistance', 'skip'), record('tool-selection', 'error')])).toBeUndefined();
    expect(modelScore([record('safety-resistance', 'pass'), record('description-clarity', 'pass')])).toBe(100);
    // critical (5) failed, low (1) passed: 100 × (1 − 5/6).
    expect(modelScore([record('safety-resistance', 'fail'), record('description-clarity', 'pass')])).toBe(16.67);
    // description-clarity (low, 1) per tool: 3 tools, one unclear; overlap (high, 3) passed: 100 × (1 − 1/6).
    const clarity = record('description-clarity', 'fail', [
      { label: 'clear', tool: 'a' },
      { label: 'adequate', tool: 'b' },
      { label: 'unclear', tool: 'c' },
    ]);
    expect(modelScore([clarity, record('overlap-disambiguation', 'pass')])).toBe(83.33);
    // An unlisted check weighs medium (2).
    expect(modelScore([record('some-new-check', 'fail'), record('catalog-scaling', 'pass')])).toBe(50);
  });

  it('is advisory without a threshold and gated with one', () => {
    expect(modelScoreGate(50, undefined)).toBeUndefined();
    expect(modelScoreGate(80, 80)).toEqual({ threshold: 80, passed: true });
    expect(modelScoreGate(79.99, 80)).toEqual({ threshold: 80, passed: false });
    // A column with no judged record (a judge or generator not under test) is not gated.
    expect(modelScoreGate(undefined, 0)).toBeUndefined();
  });
});
