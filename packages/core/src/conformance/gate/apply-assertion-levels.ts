import type { AssertionLevel, CheckDefinition } from '../../check.js';
import type { CaseRecord } from '../../record.js';

/** The label a SHOULD-level failure takes when the run is not `--strict`. */
export const ASSERTION_LEVEL_LABELS = {
  'should-unmet':
    'The assertion checks a SHOULD and it failed: without --strict the record passes the gate, its own failure label kept beside it as a finding; with --strict it fails as a MUST does.',
} as const;

export type AssertionLevelLabel = keyof typeof ASSERTION_LEVEL_LABELS;

/** A check's level; a check that does not say is a MUST. */
export function levelOf(check: Pick<CheckDefinition, 'level'>): AssertionLevel {
  return check.level ?? 'must';
}

/**
 * Holds SHOULD-level assertions to their level: unless `strict`, a failing record of a `should`
 * assertion passes with `should-unmet`, its own label kept as a finding (every report still shows
 * why). MUST-level records, and every record with `strict`, are left as they are. Pure.
 */
export function applyAssertionLevels(
  records: readonly CaseRecord[],
  checks: readonly Pick<CheckDefinition, 'id' | 'level'>[],
  strict: boolean,
): readonly CaseRecord[] {
  if (strict) return records;
  const should = new Set(checks.filter((check) => levelOf(check) === 'should').map((check) => check.id));
  return records.map((record) => {
    if (record.status !== 'fail' || !should.has(record.check)) return record;
    const own = record.label === undefined ? [] : [{ label: record.label }];
    return {
      ...record,
      status: 'pass',
      label: 'should-unmet' satisfies AssertionLevelLabel,
      findings: [...(record.findings ?? []), ...own],
    };
  });
}
