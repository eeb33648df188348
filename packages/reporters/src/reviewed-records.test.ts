import type { CaseRecord, RunReport } from '@mcp-eval/core';
import { summarize } from '@mcp-eval/core';
import { githubProfileErrors, sarifSchemaErrors } from '@mcp-eval/test-support';
import type { Log } from 'sarif';
import { describe, expect, it } from 'vitest';

import { html } from './html/html.js';
import { json } from './json.js';
import { junit } from './junit.js';
import { parseReport } from './parse-report.js';
import { pretty } from './pretty.js';
import { sarif } from './sarif.js';
import { yaml } from './yaml.js';
import { unlocatedReport } from './test-support/fixture-reports.js';

const REVIEWED_FILE = 'mcp-eval.reviewed.yaml';
const at = (line: number) => ({ file: REVIEWED_FILE, line, column: 3 });

// A scan-like run: a reviewed conformance failure, a lint rule passing only because its findings
// were reviewed, a reviewed dimension error, and one failure nobody reviewed.
const cases: CaseRecord[] = [
  {
    id: 'origin-validation',
    kind: 'conformance',
    check: 'origin-validation',
    status: 'fail',
    label: 'foreign-origin-served',
    measurements: { httpStatus: 200 },
    runs: 1,
    passes: 0,
    passRate: 0,
    durationMs: 4,
    reviewed: at(1),
  },
  {
    id: 'security-unconstrained-query',
    kind: 'lint',
    check: 'security-unconstrained-query',
    status: 'pass',
    measurements: { tools: 1, failedTools: 0 },
    findings: [{ tool: 'run_query', label: 'unconstrained-query', suppressed: true }],
    runs: 1,
    passes: 1,
    passRate: 1,
    durationMs: 1,
    reviewed: at(4),
  },
  {
    id: 'latency',
    kind: 'dimension',
    check: 'discovery-cost',
    status: 'error',
    label: 'case-timeout',
    measurements: {},
    runs: 1,
    passes: 0,
    passRate: 0,
    durationMs: 9,
    reviewed: at(8),
  },
  {
    id: 'session-id-header',
    kind: 'conformance',
    check: 'session-id-header',
    status: 'fail',
    label: 'session-id-missing',
    measurements: {},
    runs: 1,
    passes: 0,
    passRate: 0,
    durationMs: 9,
  },
];
const report: RunReport = {
  ...unlocatedReport,
  command: 'scan',
  summary: summarize(cases),
  cases,
  checks: [
    ...unlocatedReport.checks,
    { id: 'origin-validation', kind: 'conformance', title: 'Origin validation', summary: 'A foreign Origin is refused.' },
    {
      id: 'security-unconstrained-query',
      kind: 'lint',
      title: 'Unconstrained query',
      summary: 'Query parameters are constrained.',
      layer: 'security',
      severity: 'critical',
    },
    { id: 'discovery-cost', kind: 'dimension', title: 'Discovery cost', summary: 'The catalog stays in budget.' },
  ],
  reviewedEntries: [
    { family: 'conformance', check: 'origin-validation', location: at(1), state: 'applied' },
    { family: 'lint', check: 'security-unconstrained-query', tool: 'run_query', location: at(4), state: 'applied' },
    { family: 'dimension', check: 'discovery-cost', location: at(8), state: 'applied' },
    { family: 'probe', check: 'token-cost', location: at(11), state: 'stale' },
    { family: 'conformance', check: 'session-id-header', location: at(14), state: 'expired' },
  ],
};

describe('reviewed records in every reporter', () => {
  it('SARIF: each reviewed record is a result with an accepted external suppression naming the entry, valid for GitHub', () => {
    const text = sarif.format(report);
    const log = JSON.parse(text) as Log;
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(githubProfileErrors(text)).toEqual([]);
    const results = log.runs[0]?.results ?? [];
    const byCase = new Map(results.map((result) => [String(result.properties?.['caseId']), result]));
    // The passing lint rule is a result only because it was reviewed; the unreviewed failure has no suppression.
    expect([...byCase.keys()].sort()).toEqual(['latency', 'origin-validation', 'security-unconstrained-query', 'session-id-header']);
    for (const [id, line] of [
      ['origin-validation', 1],
      ['security-unconstrained-query', 4],
      ['latency', 8],
    ] as const) {
      expect(byCase.get(id)?.suppressions).toEqual([
        {
          kind: 'external',
          status: 'accepted',
          justification: `Reviewed false positive, accepted by ${REVIEWED_FILE}:${line}:3 (the justification is kept there).`,
        },
      ]);
    }
    expect(byCase.get('session-id-header')?.suppressions).toBeUndefined();
    expect(log.runs[0]?.properties?.['reviewedEntries']).toEqual(report.reviewedEntries);
  });

  it('JUnit: a reviewed failure or error is skipped with a reviewed property; the unreviewed failure still fails', () => {
    const xml = junit.format(report);
    const testcase = (name: string) => new RegExp(`<testcase[^>]*name="${name}"[^>]*>([\\s\\S]*?)</testcase>`).exec(xml)?.[1] ?? '';
    expect(testcase('origin-validation')).toMatch(/<property name="reviewed" value="mcp-eval\.reviewed\.yaml:1:3"\/>/);
    expect(testcase('origin-validation')).toMatch(/<skipped\/>/);
    expect(testcase('origin-validation')).not.toMatch(/<failure/);
    expect(testcase('latency')).toMatch(/<skipped\/>/);
    expect(testcase('latency')).not.toMatch(/<error/);
    expect(testcase('session-id-header')).toMatch(/<failure/);
  });

  it('pretty: each reviewed record names its entry, and the totals count them', () => {
    const text = pretty.format(report);
    expect(text).toMatch(/origin-validation .*reviewed=mcp-eval\.reviewed\.yaml:1:3/);
    expect(text).toMatch(/3 reviewed/);
  });

  it('JSON and YAML carry the marks and the entry states, and read back as valid reports', () => {
    const parsed = parseReport(json.format(report));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.report.cases.map((c) => c.reviewed?.line)).toEqual([1, 4, 8, undefined]);
    expect(parsed.report.reviewedEntries?.map((e) => e.state)).toEqual(['applied', 'applied', 'applied', 'stale', 'expired']);
    expect(yaml.format(report)).toMatch(/reviewed:\n\s+file: mcp-eval\.reviewed\.yaml\n\s+line: 1/);
  });

  it('HTML: reviewed records are struck through with a badge naming the entry, in the case table and the reviewed section; stale and expired entries listed', () => {
    const page = html.format(report);
    const row = (id: string) =>
      new RegExp(`<tr data-status="[a-z]+"[^>]*>\\s*<td>[^\\n]*\\n<td class="case-id"><code>${id}</code>`).exec(page)?.[0] ?? '';
    expect(row('origin-validation')).toMatch(/class="reviewed"/);
    expect(row('origin-validation')).toMatch(/title="accepted by mcp-eval\.reviewed\.yaml:1:3">reviewed<\/span>/);
    expect(row('latency')).toMatch(/class="reviewed"/);
    expect(row('security-unconstrained-query')).toMatch(/class="reviewed"/);
    expect(row('session-id-header')).toMatch(/session-id-header/);
    expect(row('session-id-header')).not.toMatch(/reviewed/);
    const section = /<section id="reviewed">[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
    for (const [id, line] of [
      ['origin-validation', 1],
      ['security-unconstrained-query', 4],
      ['latency', 8],
    ] as const) {
      expect(section).toMatch(new RegExp(`<tr class="reviewed"><td><code>${id}</code>.*mcp-eval\\.reviewed\\.yaml:${line}:3`));
    }
    expect(section).not.toMatch(/<tr class="reviewed"><td><code>session-id-header<\/code>/);
    expect(section).toMatch(/<tr data-state="stale">.*token-cost.*mcp-eval\.reviewed\.yaml:11:3/);
    expect(section).toMatch(/<tr data-state="expired">.*session-id-header.*mcp-eval\.reviewed\.yaml:14:3/);
  });
});
