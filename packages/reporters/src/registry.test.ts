import type { RunReport } from '@mcp-eval/core';
import { describe, expect, it } from 'vitest';
import { isReporterName, reporters } from './index.js';
import { mixedReport, unlocatedReport } from './test-support/fixture-reports.js';

const CANARY = 'CANARY-7f3a';

/** The report with server-ish text smuggled into fields the record type does not have. */
const taintedData = {
  ...mixedReport,
  serverInfo: { name: CANARY, instructions: CANARY },
  target: { ...mixedReport.target, url: `http://127.0.0.1/${CANARY}` },
  cases: mixedReport.cases.map((record) => ({
    ...record,
    errorMessage: CANARY,
    findings: record.findings?.map((finding) => ({ ...finding, description: CANARY })),
    location: record.location === undefined ? undefined : { ...record.location, snippet: CANARY },
  })),
  checks: mixedReport.checks.map((check) => ({ ...check, labels: { x: CANARY } })),
  invocationErrors: [{ label: 'connect-crashed', stderr: CANARY }],
};
// Assigned from a variable, not a literal: extra fields are allowed in, as they could be at run time.
const tainted: RunReport = taintedData;

describe('reporters registry', () => {
  it('keys each reporter by its name', () => {
    for (const [key, reporter] of Object.entries(reporters)) expect(reporter.name).toBe(key);
    expect(Object.keys(reporters)).toEqual(['json', 'junit', 'sarif', 'pretty']);
    expect(Object.values(reporters).map((r) => r.fileExtension)).toEqual(['.json', '.xml', '.sarif', '.txt']);
  });

  it('narrows names without a cast', () => {
    const name: string = 'sarif';
    expect(isReporterName(name) && reporters[name].name).toBe('sarif');
    expect(isReporterName('html')).toBe(false);
    expect(isReporterName('toString')).toBe(false);
  });

  it.each(Object.values(reporters))('$name is pure: the same report renders the same text', (reporter) => {
    for (const report of [mixedReport, unlocatedReport]) {
      expect(reporter.format(report, { color: true })).toBe(reporter.format(structuredClone(report), { color: true }));
    }
  });

  it.each(Object.values(reporters))('$name renders only record fields, never extra ones', (reporter) => {
    expect(reporter.format(tainted)).not.toContain(CANARY);
    expect(reporter.format(tainted, { color: true })).not.toContain(CANARY);
  });
});
