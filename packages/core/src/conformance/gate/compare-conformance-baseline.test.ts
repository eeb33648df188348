import { describe, expect, it } from 'vitest';

import type { CaseRecord } from '../../record.js';
import { compareConformanceBaseline } from './compare-conformance-baseline.js';

const record = (id: string, status: CaseRecord['status'], label?: string, era?: 'modern' | 'legacy'): CaseRecord => ({
  id,
  kind: 'conformance',
  check: id,
  status,
  ...(label === undefined ? {} : { label }),
  measurements: {},
  runs: 1,
  passes: status === 'pass' ? 1 : 0,
  passRate: status === 'pass' ? 1 : 0,
  durationMs: 1,
  ...(era === undefined ? {} : { era }),
});

describe('compareConformanceBaseline', () => {
  it('a pass that became a fail regressed (own label kept, a pass-rate-dropped finding); matched by id and era', () => {
    const baseline = [
      record('tool-schemas', 'pass', 'schemas-valid', 'modern'),
      record('tool-schemas', 'fail', 'schema-invalid', 'legacy'),
      record('unknown-tool-error', 'pass', undefined, 'modern'),
    ];
    const current = [
      record('tool-schemas', 'fail', 'schema-invalid', 'modern'),
      record('tool-schemas', 'pass', 'schemas-valid', 'legacy'),
      record('unknown-tool-error', 'pass', undefined, 'modern'),
      record('unknown-tool-error', 'error', 'case-timeout', 'legacy'),
    ];
    const { records, verdicts, counts } = compareConformanceBaseline(current, baseline);
    expect(verdicts.map((v) => `${v.id} ${v.comparison}`)).toEqual([
      'tool-schemas [modern] regressed',
      'tool-schemas [legacy] no-reference',
      'unknown-tool-error [modern] held',
      'unknown-tool-error [legacy] new',
    ]);
    expect(records[0]).toMatchObject({
      status: 'fail',
      label: 'schema-invalid',
      findings: [{ label: 'pass-rate-dropped', measurements: { passRate: 0, baselinePassRate: 1, drop: 1, maxDrop: 0 } }],
    });
    expect(records.slice(1)).toEqual(current.slice(1));
    expect(counts).toEqual({ held: 1, regressed: 1, new: 1, 'no-reference': 1, 'not-compared': 0 });
  });

  it("matches a single-era report's records by its era, and looks through expected-failures labels", () => {
    // The baseline accepted the failure (it passed the gate), so it was no pass to regress from.
    const baseline = [
      record('unsupported-version-error', 'pass', 'accepted-failure'),
      record('legacy-initialize', 'fail', 'stale-expected-failure'),
    ];
    const current = [
      record('unsupported-version-error', 'fail', 'established-connection-served', 'modern'),
      record('legacy-initialize', 'fail', 'version-mismatch', 'legacy'),
    ];
    const { verdicts } = compareConformanceBaseline(current, baseline, { baselineEra: 'modern' });
    expect(verdicts.map((v) => v.comparison)).toEqual(['not-compared', 'new']);
    const asLegacy = compareConformanceBaseline(current, baseline, { baselineEra: 'legacy' });
    expect(asLegacy.verdicts.map((v) => v.comparison)).toEqual(['new', 'regressed']);
  });
});
