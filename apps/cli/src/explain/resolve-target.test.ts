import { describe, expect, it } from 'vitest';

import { resolveTarget, type TargetRow } from './resolve-target.js';

const rows: TargetRow[] = [
  { id: 'latency-budget/get-env', check: 'latency-budget', tool: 'get-env', labels: ['within-budget'] },
  { id: 'latency-budget/echo', check: 'latency-budget', tool: 'echo', labels: ['slow'] },
  { id: 'missing-item', check: 'error-honesty', tool: 'get_item', labels: ['non-retryable-confirmed'] },
  { id: 'lint', check: 'lint-description', tool: 'a/b', labels: ['pass', 'description-missing'] },
  { id: 'error-honesty', check: 'discovery-cost', labels: [] },
];

describe('resolveTarget', () => {
  it('an exact case id wins over every other form', () => {
    expect(resolveTarget('error-honesty', rows)).toEqual({ form: 'case-id', ids: ['error-honesty'] });
    expect(resolveTarget('latency-budget/echo', rows)).toEqual({ form: 'case-id', ids: ['latency-budget/echo'] });
  });

  it('check/tool matches a row by its check and tool, splitting at the first slash', () => {
    expect(resolveTarget('error-honesty/get_item', rows)).toEqual({ form: 'check-tool', ids: ['missing-item'] });
    expect(resolveTarget('lint-description/a/b', rows)).toEqual({ form: 'check-tool', ids: ['lint'] });
  });

  it('a check id gives every row of that check, each id once', () => {
    expect(resolveTarget('latency-budget', rows)).toEqual({ form: 'check', ids: ['latency-budget/get-env', 'latency-budget/echo'] });
  });

  it("a label matches a record's label or a finding's", () => {
    expect(resolveTarget('slow', rows)).toEqual({ form: 'label', ids: ['latency-budget/echo'] });
    expect(resolveTarget('description-missing', rows)).toEqual({ form: 'label', ids: ['lint'] });
  });

  it('nothing matches: undefined', () => {
    expect(resolveTarget('nope', rows)).toBeUndefined();
    expect(resolveTarget('error-honesty/other', rows)).toBeUndefined();
    expect(resolveTarget('/get_item', rows)).toBeUndefined();
  });
});
