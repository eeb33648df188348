import { describe, expect, it } from 'vitest';

import type { CaseRecord } from '../record.js';
import { BASELINE_LABELS, DEFAULT_MAX_DROP } from './baseline-labels.js';
import { compareWithBaseline } from './compare-with-baseline.js';

function record(id: string, overrides: Partial<CaseRecord> = {}): CaseRecord {
  return {
    id,
    kind: 'dimension',
    check: 'discovery-cost',
    status: 'pass',
    measurements: { tools: 10, catalogBytes: 1000, latencyMs: 5 },
    runs: 5,
    passes: 5,
    passRate: 1,
    durationMs: 3,
    ...overrides,
  };
}

describe('compareWithBaseline', () => {
  it('holds a case whose pass rate and budgeted measurements stayed within bounds', () => {
    const result = compareWithBaseline([record('a', { measurements: { tools: 10, catalogBytes: 1100, latencyMs: 50 } })], [record('a')], {
      budgets: { a: { catalog_bytes: 0.1 } },
    });
    expect(result.verdicts).toEqual([{ id: 'a', comparison: 'held', findings: [] }]);
    expect(result.records[0]).toEqual(record('a', { measurements: { tools: 10, catalogBytes: 1100, latencyMs: 50 } }));
    expect(result.counts.held).toBe(1);
  });

  it('fails a passing case whose pass rate dropped by more than maxDrop (4 of 5 after 5 of 5, soft gate)', () => {
    const current = record('a', { passes: 4, passRate: 0.8, gate: 'soft' });
    const result = compareWithBaseline([current], [record('a', { gate: 'soft' })]);
    expect(result.verdicts[0]?.comparison).toBe('regressed');
    expect(result.records[0]).toMatchObject({
      status: 'fail',
      label: 'pass-rate-dropped',
      passRate: 0.8,
      findings: [
        { label: 'pass-rate-dropped', measurements: { passRate: 0.8, baselinePassRate: 1, drop: 0.2, maxDrop: DEFAULT_MAX_DROP } },
      ],
    });
  });

  it('allows a drop up to maxDrop, inclusive', () => {
    const result = compareWithBaseline([record('a', { runs: 10, passes: 9, passRate: 0.9 })], [record('a')], { maxDrop: 0.1 });
    expect(result.verdicts[0]?.comparison).toBe('held');
  });

  it('fails a case whose budgeted measurement grew beyond its budget, naming the budget key', () => {
    const result = compareWithBaseline(
      [record('a', { label: 'within-budget', measurements: { tools: 12, catalogBytes: 1250, latencyMs: 5 } })],
      [record('a')],
      { budgets: { a: { catalog_bytes: 0.1, tools: 0.5 } } },
    );
    expect(result.records[0]).toMatchObject({
      status: 'fail',
      label: 'measurement-grew',
      findings: [
        {
          label: 'measurement-grew',
          pointer: '/budget/catalog_bytes',
          measurements: { catalogBytes: 1250, baselineCatalogBytes: 1000, growth: 0.25, budget: 0.1 },
        },
      ],
    });
  });

  it('counts any growth from a zero baseline as beyond the budget, without an infinite number', () => {
    const result = compareWithBaseline([record('a', { measurements: { tools: 1 } })], [record('a', { measurements: { tools: 0 } })], {
      budgets: { a: { tools: 5 } },
    });
    expect(result.records[0]?.findings).toEqual([
      { label: 'measurement-grew', pointer: '/budget/tools', measurements: { tools: 1, baselineTools: 0, budget: 5 } },
    ]);
    expect(JSON.stringify(result.records)).not.toMatch(/null|Infinity/);
  });

  it('keeps both regressions, the pass rate first, and earlier findings before them', () => {
    const current = record('a', {
      passes: 3,
      passRate: 0.6,
      gate: 'soft',
      findings: [{ label: 'tool-tokens', tool: 'x' }],
      measurements: { tools: 20 },
    });
    const result = compareWithBaseline([current], [record('a')], { budgets: { a: { tools: 0 } } });
    expect(result.records[0]?.label).toBe('pass-rate-dropped');
    expect(result.records[0]?.findings?.map((f) => f.label)).toEqual(['tool-tokens', 'pass-rate-dropped', 'measurement-grew']);
  });

  it('notes a budget on a measurement neither run recorded, without failing the case', () => {
    const result = compareWithBaseline([record('a')], [record('a')], { budgets: { a: { total_tokens: 0.1 } } });
    expect(result.verdicts[0]?.comparison).toBe('held');
    expect(result.records[0]).toMatchObject({
      status: 'pass',
      findings: [{ label: 'budget-unmeasured', pointer: '/budget/total_tokens' }],
    });
  });

  it('passes cases new since the baseline, and a case whose id now names another check', () => {
    const result = compareWithBaseline(
      [record('new', { passRate: 0 }), record('a', { check: 'token-cost', passRate: 0.5 })],
      [record('a')],
    );
    expect(result.verdicts.map((v) => v.comparison)).toEqual(['new', 'new']);
    expect(result.records.map((r) => r.status)).toEqual(['pass', 'pass']);
  });

  it('does not hold a case to a baseline case that did not pass', () => {
    const result = compareWithBaseline(
      [record('a', { passRate: 0.8, passes: 4, gate: 'soft' })],
      [record('a', { status: 'fail', label: 'too-many-tools', passRate: 0.4 })],
    );
    expect(result.verdicts[0]?.comparison).toBe('no-reference');
    expect(result.records[0]?.status).toBe('pass');
  });

  it('leaves a case that did not pass (or was skipped) to its own verdict', () => {
    const failing = record('a', { status: 'fail', label: 'too-many-tools', passRate: 0, passes: 0 });
    const skipped = record('b', { status: 'skip', label: 'mutation-not-allowed', passRate: 0, passes: 0 });
    const result = compareWithBaseline([failing, skipped], [record('a'), record('b')]);
    expect(result.verdicts.map((v) => v.comparison)).toEqual(['not-compared', 'not-compared']);
    expect(result.records).toEqual([failing, skipped]);
  });

  it('rejects a maxDrop outside 0-1', () => {
    expect(() => compareWithBaseline([], [], { maxDrop: 1.5 })).toThrow(RangeError);
    expect(() => compareWithBaseline([], [], { maxDrop: Number.NaN })).toThrow(RangeError);
  });

  it('labels only from its own closed set', () => {
    const result = compareWithBaseline(
      [record('a', { passRate: 0, passes: 0, measurements: { tools: 99 } }), record('b')],
      [record('a'), record('b', { measurements: {} })],
      { budgets: { a: { tools: 0 }, b: { tools: 0 } } },
    );
    const labels = result.verdicts.flatMap((v) => v.findings.map((f) => f.label));
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(Object.keys(BASELINE_LABELS)).toContain(label);
  });
});
