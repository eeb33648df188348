import type { CaseRecord, RunReport } from '@mcp-eval/core';
import { summarize } from '@mcp-eval/core';
import { githubProfileErrors, sarifSchemaErrors } from '@mcp-eval/test-support';
import type { Log } from 'sarif';
import { describe, expect, it } from 'vitest';

import { sarif } from './sarif.js';
import { unlocatedReport } from './test-support/fixture-reports.js';

const base = { kind: 'conformance', measurements: {}, runs: 1, passes: 0, passRate: 0, durationMs: 2 } as const;
const cases: CaseRecord[] = [
  {
    ...base,
    id: 'unsupported-version-error',
    check: 'unsupported-version-error',
    status: 'pass',
    label: 'accepted-failure',
    findings: [{ label: 'established-connection-served', suppressed: true }],
    era: 'modern',
  },
  {
    ...base,
    id: 'tool-schemas',
    check: 'tool-schemas',
    status: 'fail',
    label: 'stale-expected-failure',
    findings: [{ label: 'schemas-valid' }],
    passes: 1,
    passRate: 1,
  },
  {
    ...base,
    id: 'cache-fields',
    check: 'cache-fields',
    status: 'pass',
    label: 'should-unmet',
    findings: [{ label: 'cache-fields-missing' }],
  },
  { ...base, id: 'legacy-initialize', check: 'legacy-initialize', status: 'pass', label: 'version-negotiated', passes: 1, passRate: 1 },
];
const report: RunReport = { ...unlocatedReport, cases, summary: summarize(cases), checks: [] };

describe('sarif: conformance records the gate lets through', () => {
  it('an accepted failure is a result with an accepted external suppression, no justification text; a stale entry an error; an unmet SHOULD a note; a plain pass nothing', () => {
    const text = sarif.format(report);
    const log = JSON.parse(text) as Log;
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(githubProfileErrors(text)).toEqual([]);
    const results = log.runs[0]?.results ?? [];
    expect(results.map((r) => [r.ruleId, r.level, r.suppressions])).toEqual([
      ['unsupported-version-error', 'error', [{ kind: 'external', status: 'accepted' }]],
      ['tool-schemas', 'error', undefined],
      ['cache-fields', 'note', undefined],
    ]);
    expect(text).not.toContain('justification');
  });
});
