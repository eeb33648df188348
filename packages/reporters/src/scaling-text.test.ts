import type { CaseRecord, RunReport } from '@mcp-eval/core';
import { describe, expect, it } from 'vitest';

import { pretty } from './pretty.js';
import { scalingText } from './scaling-text.js';

const scaling = (status: 'pass' | 'fail', measurements: Record<string, number>): CaseRecord => ({
  id: 'grows',
  kind: 'behavior',
  check: 'catalog-scaling',
  status,
  label: status === 'pass' ? 'holds' : 'degrades',
  measurements: { trials: 30, passes: 10, ...measurements },
  runs: 30,
  passes: 10,
  passRate: 10 / 30,
  durationMs: 1,
  model: 'lexical',
});

const report = (record: CaseRecord): RunReport => ({
  reportVersion: 1,
  tool: { name: 'mcp-eval', version: '0.0.0' },
  command: 'run',
  target: { transport: 'stdio' },
  startedAt: '2026-12-01T00:00:00.000Z',
  durationMs: 1,
  summary: { cases: 1, pass: record.status === 'pass' ? 1 : 0, fail: record.status === 'fail' ? 1 : 0, skip: 0, error: 0 },
  cases: [record],
  checks: [{ id: 'catalog-scaling', kind: 'behavior', title: 'Catalog scaling', summary: 'Accuracy as the catalog grows.' }],
});

describe('a catalog-scaling cell in the model table', () => {
  it('shows the three accuracies and the ratio it passed on, not only the pass rate', () => {
    const record = scaling('pass', { accuracyAt1x: 0.5, accuracyAt2x: 0.5, accuracyAt4x: 0.4667, minAccuracyRatio: 0.9 });
    const text = pretty.format(report(record), { color: false });
    expect(text).toMatch(/grows +catalog-scaling +PASS +10\/30 0\.33 accuracy 1x 0\.50 2x 0\.50 4x 0\.47, 4x\/1x 0\.93 \(min 0\.90\)\n/);
  });

  it('a failing one shows its label, then the numbers it fell on', () => {
    const record = scaling('fail', { accuracyAt1x: 1, accuracyAt2x: 0.6667, accuracyAt4x: 0.3333, minAccuracyRatio: 0.9 });
    expect(pretty.format(report(record), { color: false })).toContain(
      'FAIL  10/30 0.33 degrades accuracy 1x 1.00 2x 0.67 4x 0.33, 4x/1x 0.33 (min 0.90)',
    );
  });

  it('has no ratio without an accuracy at 1x, and nothing at all for a record without the accuracies', () => {
    expect(scalingText(scaling('pass', { accuracyAt1x: 0, accuracyAt2x: 0, accuracyAt4x: 0 }))).toBe(
      'accuracy 1x 0.00 2x 0.00 4x 0.00, 4x/1x -',
    );
    expect(scalingText(scaling('pass', { accuracyAt1x: 1 }))).toBeUndefined();
  });
});
