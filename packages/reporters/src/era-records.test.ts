import type { CaseRecord, RunReport } from '@mcp-eval/core';
import { summarize } from '@mcp-eval/core';
import { githubProfileErrors, sarifSchemaErrors } from '@mcp-eval/test-support';
import type { Log } from 'sarif';
import { describe, expect, it } from 'vitest';

import { junit } from './junit.js';
import { pretty } from './pretty.js';
import { sarif } from './sarif.js';
import { unlocatedReport } from './test-support/fixture-reports.js';

// A conformance run that spoke both eras: the same assertion failing the same way in each.
const failing = {
  kind: 'conformance',
  check: 'unknown-tool-error',
  status: 'fail',
  label: 'unknown-tool-as-result',
  measurements: {},
  runs: 1,
  passes: 0,
  passRate: 0,
  durationMs: 3,
} as const;
const bothCases: CaseRecord[] = [
  { id: 'unknown-tool-error', ...failing, era: 'modern' },
  { id: 'unknown-tool-error', ...failing, era: 'legacy' },
];
const bothReport: RunReport = {
  ...unlocatedReport,
  target: { transport: 'stdio' },
  cases: bothCases,
  summary: summarize(bothCases),
  checks: [{ id: 'unknown-tool-error', kind: 'conformance', title: 'Unknown tool error', summary: 'An unknown tool is a protocol error.' }],
};

function sarifLog(report: RunReport): Log {
  return JSON.parse(sarif.format(report)) as Log;
}

describe('records that say their era', () => {
  it('are two SARIF alerts with distinct fingerprints, and the SARIF validates', () => {
    const text = sarif.format(bothReport);
    const log = JSON.parse(text) as Log;
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(githubProfileErrors(text)).toEqual([]);
    const results = log.runs[0]?.results ?? [];
    expect(results.map((r) => r.properties?.['era'])).toEqual(['modern', 'legacy']);
    const hashes = results.map((r) => r.partialFingerprints?.['primaryLocationLineHash']);
    expect(hashes[0]).toMatch(/^[0-9a-f]{16}:1$/);
    expect(hashes[1]).toMatch(/^[0-9a-f]{16}:1$/);
    expect(hashes[0]).not.toBe(hashes[1]);
    expect(results[0]?.message.text).toContain('Case unknown-tool-error in the modern era failed');
  });

  it('leave a record without an era on its old fingerprint', () => {
    const plain: CaseRecord = { id: 'unknown-tool-error', ...failing };
    const report: RunReport = { ...bothReport, cases: [plain], summary: summarize([plain]) };
    // sha256("mcp-eval/fingerprint/v1", check, id, "", label), NUL-joined: the v1 recipe, unchanged.
    expect(sarifLog(report).runs[0]?.results?.[0]?.partialFingerprints?.['primaryLocationLineHash']).toBe('046319c1722bb7b6:1');
  });

  it('name the case with its era in JUnit and on the console', () => {
    const xml = junit.format(bothReport);
    expect(xml).toContain('name="unknown-tool-error [modern]"');
    expect(xml).toContain('name="unknown-tool-error [legacy]"');
    expect(xml).toContain('<property name="era" value="legacy"/>');
    const text = pretty.format(bothReport);
    expect(text).toMatch(/FAIL\s+unknown-tool-error \[modern\]\s+unknown-tool-error\s+unknown-tool-as-result/);
    expect(text).toMatch(/FAIL\s+unknown-tool-error \[legacy\]/);
  });
});
