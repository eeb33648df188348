import { describe, expect, it } from 'vitest';

import { copyCaseRecord } from '../copy-record.js';
import { lintCatalog } from '../lint/lint-catalog.js';
import type { CaseRecord } from '../record.js';
import { applyReviewed, countsAsFailure } from './apply-reviewed.js';
import type { ReviewedEntry } from './reviewed-entry.js';
import { isExpired } from './reviewed-entry.js';
import { reviewedSuppressions } from './reviewed-suppressions.js';

const TODAY = '2026-12-01';
const at = (line: number) => ({ file: 'mcp-eval.reviewed.yaml', line, column: 3 });

function record(fields: Partial<CaseRecord> & Pick<CaseRecord, 'id' | 'kind' | 'check' | 'status'>): CaseRecord {
  return copyCaseRecord({
    measurements: {},
    runs: 1,
    passes: 0,
    passRate: 0,
    durationMs: 1,
    ...(fields.status === 'pass' ? {} : { label: 'x-failed' }),
    ...fields,
  });
}

describe('applyReviewed', () => {
  const records = [
    record({ id: 'origin-validation', kind: 'conformance', check: 'origin-validation', status: 'fail' }),
    record({ id: 'cost', kind: 'dimension', check: 'discovery-cost', status: 'fail', tool: 'search' }),
    record({ id: 'cost', kind: 'dimension', check: 'discovery-cost', status: 'pass', passes: 1, passRate: 1 }),
    record({ id: 'pick', kind: 'behavior', check: 'tool-selection', status: 'fail', model: 'gpt-mini' }),
  ];

  it('marks the failing records an entry names, keeps their status, and reports stale and expired entries', () => {
    const entries: ReviewedEntry[] = [
      { family: 'conformance', check: 'origin-validation', justification: 'J-gateway', location: at(1) },
      { family: 'dimension', check: 'discovery-cost', tool: 'search', justification: 'J-known', expires: TODAY, location: at(4) },
      { family: 'behavior', check: 'tool-selection', model: 'other', justification: 'J-stale', location: at(8) },
      { family: 'behavior', check: 'tool-selection', justification: 'J-expired', expires: '2026-11-30', location: at(12) },
    ];
    const outcome = applyReviewed(records, entries, TODAY);
    expect(outcome.records.map((r) => [r.status, r.reviewed?.line])).toEqual([
      ['fail', 1],
      ['fail', 4],
      ['pass', undefined],
      ['fail', undefined],
    ]);
    expect(outcome.entries.map((e) => [e.location.line, e.state])).toEqual([
      [1, 'applied'],
      [4, 'applied'],
      [8, 'stale'],
      [12, 'expired'],
    ]);
    expect(outcome.records.map(countsAsFailure)).toEqual([false, false, false, true]);
    // The entry states hold keys and a location, never the justification.
    expect(JSON.stringify(outcome)).not.toContain('J-');
  });

  it('an expiry is inclusive: the entry applies through that day', () => {
    expect(isExpired({ expires: TODAY }, TODAY)).toBe(false);
    expect(isExpired({ expires: '2026-11-30' }, TODAY)).toBe(true);
    expect(isExpired({}, TODAY)).toBe(false);
  });

  it('lint entries suppress while scoring: a rule with every finding reviewed passes and is marked, the gate follows', () => {
    // A critical security rule fails on `run_query`; reviewing it rule-wide clears the gate.
    const tools = [
      {
        name: 'run_query',
        description: 'Runs a SQL query against the database and returns rows.',
        inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
      },
    ];
    const bare = lintCatalog(tools);
    const failing = bare.cases.filter((c) => c.status === 'fail' && c.kind === 'lint');
    expect(failing.some((c) => c.check === 'security-unconstrained-query')).toBe(true);
    const entries: ReviewedEntry[] = [
      { family: 'lint', check: 'security-unconstrained-query', justification: 'replica', location: at(1) },
      { family: 'lint', check: 'quality-deprecated', tool: 'run_query', justification: 'never hit', location: at(4) },
      { family: 'lint', check: 'no-such-rule', justification: 'typo', location: at(7) },
    ];
    const linted = lintCatalog(tools, { suppressions: reviewedSuppressions(entries, TODAY) });
    const outcome = applyReviewed(linted.cases, entries, TODAY);
    const reviewed = outcome.records.find((c) => c.check === 'security-unconstrained-query');
    expect(reviewed?.status).toBe('pass');
    expect(reviewed?.reviewed).toEqual(at(1));
    expect(reviewed?.findings?.every((f) => f.suppressed === true)).toBe(true);
    expect(outcome.entries.map((e) => e.state)).toEqual(['applied', 'stale', 'stale']);
    expect(linted.scores.security ?? 0).toBeGreaterThan(bare.scores.security ?? 0);
    expect(reviewedSuppressions([{ ...entries[0]!, expires: '2026-01-01' }], TODAY)).toEqual([]);
  });

  it("drift entries name the family's check or one change's label, on a tool; a description entry does not accept a flip", () => {
    const drift = (tool: string, label: string, status: 'pass' | 'fail') =>
      record({ id: `drift/${label}/${tool}`, kind: 'drift', check: 'drift', status, label, tool });
    const records = [
      drift('search', 'annotation-flipped', 'fail'),
      drift('search', 'description-changed', 'fail'),
      drift('old_tool', 'tool-removed', 'fail'),
      drift('fetch', 'parameter-removed', 'fail'),
      drift('fetch', 'tool-added', 'pass'),
    ];
    const entries: ReviewedEntry[] = [
      { family: 'drift', check: 'description-changed', tool: 'search', justification: 'J-copy-edit', location: at(1) },
      { family: 'drift', check: 'drift', tool: 'old_tool', justification: 'J-retired', location: at(5) },
      { family: 'drift', check: 'tool-added', tool: 'fetch', justification: 'J-passes-anyway', location: at(9) },
      { family: 'drift', check: 'drift', tool: 'never_listed', justification: 'J-stale', location: at(13) },
      { family: 'probe', check: 'drift', justification: 'J-wrong-family', location: at(17) },
      { family: 'drift', check: 'parameter-removed', justification: 'J-expired', expires: '2026-11-30', location: at(21) },
    ];
    const outcome = applyReviewed(records, entries, TODAY);
    expect(outcome.records.map((r) => r.reviewed?.line ?? null)).toEqual([null, 1, 5, null, null]);
    expect(outcome.records.map(countsAsFailure)).toEqual([true, false, false, true, false]);
    expect(outcome.entries.map((e) => [e.family, e.check, e.state])).toEqual([
      ['drift', 'description-changed', 'applied'],
      ['drift', 'drift', 'applied'],
      ['drift', 'tool-added', 'stale'],
      ['drift', 'drift', 'stale'],
      ['probe', 'drift', 'stale'],
      ['drift', 'parameter-removed', 'expired'],
    ]);
    expect(JSON.stringify(outcome)).not.toContain('J-');
  });
});
