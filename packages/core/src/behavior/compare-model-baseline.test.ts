import { describe, expect, it } from 'vitest';
import type { ComparedRecord } from './compare-model-baseline.js';
import { compareModelBaseline } from './compare-model-baseline.js';

const rec = (id: string, passes: number, trials = 5, model = 'gpt'): ComparedRecord => ({
  id,
  check: 'tool-selection',
  model,
  measurements: { passes, trials },
});

describe('compareModelBaseline', () => {
  it('gives the documented reference verdicts per case', () => {
    const { cases } = compareModelBaseline([rec('a', 5), rec('b', 5), rec('c', 4)], [rec('a', 2), rec('b', 3), rec('c', 5)]);
    const [a, b, c] = cases;
    expect(a?.verdict).toBe('regressed');
    expect(a?.interval.low).toBeCloseTo(-0.8824, 4);
    expect(a?.interval.high).toBeCloseTo(-0.0298, 4);
    expect(b?.verdict).toBe('inconclusive');
    expect(b?.interval.low).toBeCloseTo(-0.7693, 4);
    expect(b?.interval.high).toBeCloseTo(0.1182, 4);
    expect(c?.verdict).toBe('held');
  });

  it('pools per column: 125/125 to 115/125 is regressed; unmatched and skipped cases are left out', () => {
    const ids = Array.from({ length: 25 }, (_, i) => `case-${i}`);
    const before = ids.map((id) => rec(id, 5));
    const after = ids.map((id, i) => rec(id, i < 10 ? 4 : 5));
    const { columns } = compareModelBaseline(
      [...before, rec('gone', 5), rec('skipped', 0, 0)],
      [...after, rec('new', 0), rec('skipped', 5)],
    );
    expect(columns).toHaveLength(1);
    const [pooled] = columns;
    expect(pooled).toMatchObject({
      model: 'gpt',
      check: 'tool-selection',
      verdict: 'regressed',
      baseline: { passes: 125, trials: 125 },
      current: { passes: 115, trials: 125 },
    });
    expect(pooled?.interval.low).toBeCloseTo(-0.141, 3);
    expect(pooled?.interval.high).toBeCloseTo(-0.0333, 4);
  });
});
