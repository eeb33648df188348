import { describe, expect, it } from 'vitest';

import type { CaseRecord } from '../../record.js';
import { applyAssertionLevels, levelOf } from './apply-assertion-levels.js';
import { conformanceChecks } from '../index.js';

const failed = (check: string): CaseRecord => ({
  id: check,
  kind: 'conformance',
  check,
  status: 'fail',
  label: 'it-failed',
  measurements: {},
  runs: 1,
  passes: 0,
  passRate: 0,
  durationMs: 1,
});
const checks = [{ id: 'a-should', level: 'should' as const }, { id: 'a-must', level: 'must' as const }, { id: 'unsaid' }];

describe('applyAssertionLevels', () => {
  it('without --strict a SHOULD failure passes with should-unmet and keeps its own label as a finding; a MUST (or unsaid) failure stays', () => {
    const out = applyAssertionLevels([failed('a-should'), failed('a-must'), failed('unsaid')], checks, false);
    expect(out.map((r) => `${r.status}:${r.label ?? ''}`)).toEqual(['pass:should-unmet', 'fail:it-failed', 'fail:it-failed']);
    expect(out[0]?.findings).toEqual([{ label: 'it-failed' }]);
  });

  it('with --strict every failure stays a failure', () => {
    const records = [failed('a-should'), failed('a-must')];
    expect(applyAssertionLevels(records, checks, true)).toEqual(records);
  });

  it('every registered assertion has a level, MUST unless it says SHOULD', () => {
    for (const check of conformanceChecks) expect(['must', 'should']).toContain(levelOf(check));
  });
});
