import { describe, expect, it } from 'vitest';

import type { CaseRecord } from '../record.js';
import { applyModelBaseline } from './apply-model-baseline.js';

const record = (id: string, model: string, passes: number, trials: number): CaseRecord => ({
  id,
  kind: 'behavior',
  check: 'tool-selection',
  model,
  status: passes === trials ? 'pass' : passes / trials >= 0.8 ? 'pass' : 'fail',
  label: 'selected-expected',
  measurements: { passes, trials },
  runs: trials,
  passes,
  passRate: passes / trials,
  gate: 'soft',
  durationMs: 1,
});

describe('applyModelBaseline', () => {
  it('judges each case by the Newcombe interval: 5/5 → 2/5 regressed, 5/5 → 3/5 inconclusive (fails only when asked), 5/5 → 5/5 held', () => {
    // One case per column, so each column's pool is its one case.
    const baseline = [record('a', 'gpt', 5, 5), record('b', 'claude', 5, 5), record('c', 'local', 5, 5)];
    const current = [record('a', 'gpt', 2, 5), { ...record('b', 'claude', 3, 5), status: 'pass' as const }, record('c', 'local', 5, 5)];
    const { records, comparison } = applyModelBaseline(current, baseline, false);
    const [a, b, c] = comparison.cases;
    expect(a?.verdict).toBe('regressed');
    expect(a?.interval.low).toBeCloseTo(-0.8824, 4);
    expect(a?.interval.high).toBeCloseTo(-0.0298, 4);
    expect(b?.verdict).toBe('inconclusive');
    expect(b?.interval.high).toBeCloseTo(0.1182, 4);
    expect(c?.verdict).toBe('held');
    expect(records[1]).toMatchObject({ status: 'pass' });
    expect(records[1]?.findings?.[0]).toMatchObject({ label: 'inconclusive', measurements: { diffLow: -0.7693, diffHigh: 0.1182 } });
    expect(applyModelBaseline(current, baseline, true).records[1]).toMatchObject({ status: 'fail', label: 'inconclusive' });
  });

  it("pools per column: 125/125 → 115/125 regressed fails the column's passing records, pointer /pooled", () => {
    const baseline = Array.from({ length: 25 }, (_, i) => record(`c${i}`, 'gpt', 5, 5));
    const current = Array.from({ length: 25 }, (_, i) => record(`c${i}`, 'gpt', i < 10 ? 4 : 5, 5));
    const { records, comparison } = applyModelBaseline(current, baseline, false);
    const [pooled] = comparison.columns;
    expect(pooled?.verdict).toBe('regressed');
    expect(pooled?.interval.low).toBeCloseTo(-0.141, 3);
    expect(pooled?.interval.high).toBeCloseTo(-0.0333, 3);
    expect(records.every((r) => r.status === 'fail' && r.label === 'regressed')).toBe(true);
    expect(records[20]?.findings?.map((f) => [f.label, f.pointer])).toEqual([
      ['held', undefined],
      ['regressed', '/pooled'],
    ]);
  });
});
