import { describe, expect, it } from 'vitest';

import type { CaseRecord, RunGateFailure } from '../record.js';
import { createRunReport } from './create-run-report.js';

const lintCase: CaseRecord = {
  id: 'quality-x',
  kind: 'lint',
  check: 'quality-x',
  status: 'fail',
  label: 'too-short',
  measurements: {},
  runs: 1,
  passes: 0,
  passRate: 0,
  durationMs: 1,
};

describe('createRunReport', () => {
  const base = {
    command: 'lint' as const,
    toolVersion: '1.2.3',
    target: { transport: 'stdio' as const },
    startedAt: new Date('2026-11-30T10:00:00.000Z'),
    durationMs: 12.6,
    records: [lintCase],
  };

  it('keeps only the checks that appear in the records, with a lint rule’s layer and severity', () => {
    const report = createRunReport({
      ...base,
      checks: [
        { id: 'quality-x', kind: 'lint', title: 'X', summary: 'Passes.', layer: 'quality', severity: 'low' },
        { id: 'unused', kind: 'probe', title: 'U', summary: 'Unused.' },
      ],
    });
    expect(report.checks).toEqual([{ id: 'quality-x', kind: 'lint', title: 'X', summary: 'Passes.', layer: 'quality', severity: 'low' }]);
    expect(report.durationMs).toBe(13);
    expect(report.summary).toEqual({ cases: 1, pass: 0, fail: 1, skip: 0, error: 0 });
    expect(report).not.toHaveProperty('gate');
  });

  it('carries a run gate (lint) as plain data', () => {
    const failures: RunGateFailure[] = ['score-below-threshold'];
    const report = createRunReport({ ...base, checks: [], scores: { overall: 40 }, gate: { passed: false, threshold: 70, failures } });
    expect(report.gate).toEqual({ passed: false, threshold: 70, failures: ['score-below-threshold'] });
    expect(report.gate?.failures).not.toBe(failures);
  });
});
