import { describe, expect, it } from 'vitest';

import { checks } from '../checks/index.js';
import { createRunReport } from '../engine/create-run-report.js';
import type { CaseRecord, RunReport } from '../record.js';
import { judgeAgainstBaseline } from './judge-against-baseline.js';

function record(id: string, overrides: Partial<CaseRecord> = {}): CaseRecord {
  return {
    ...{ id, kind: 'dimension', check: 'discovery-cost', status: 'pass', measurements: { tools: 10 } },
    ...{ runs: 5, passes: 5, passRate: 1, durationMs: 3, gate: 'soft' },
    ...overrides,
  } as CaseRecord;
}

function report(command: RunReport['command'], records: readonly CaseRecord[]): RunReport {
  return createRunReport({
    ...{ command, toolVersion: '0.0.0', target: { transport: 'stdio', identity: 'node server.js' } },
    ...{ startedAt: new Date(0), durationMs: 1, records, checks },
  });
}

const input = { modelRecords: [], cases: [], failOnInconclusive: false, catalog: undefined, driftFailOn: undefined };

describe('judgeAgainstBaseline', () => {
  it('against a run report: a passing case whose pass rate dropped fails, with the comparison', () => {
    const judged = judgeAgainstBaseline({
      ...input,
      records: [record('a', { passes: 4, passRate: 0.8 })],
      baseline: report('run', [record('a')]),
    });
    expect(judged.records[0]).toMatchObject({ id: 'a', status: 'fail', label: 'pass-rate-dropped' });
    expect(judged.comparison?.counts.regressed).toBe(1);
    expect(judged.modelComparison).toBeDefined();
  });

  it('against a snapshot: the records as they are (no verdicts to compare), and no comparison', () => {
    const records = [record('a', { passes: 4, passRate: 0.8 })];
    const judged = judgeAgainstBaseline({ ...input, records, baseline: report('snapshot', []) });
    expect(judged.records).toEqual(records);
    expect(judged.comparison).toBeUndefined();
    expect(judged.modelComparison).toBeUndefined();
  });
});
