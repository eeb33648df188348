import type { RunReport } from '@mcp-eval/core';
import { describe, expect, it } from 'vitest';
import type { Reporter } from './index.js';
import { isReporterName, REPORTERS } from './index.js';
import { behaviorReport, mixedReport, unlocatedReport } from './test-support/fixture-reports.js';

const CANARY = 'CANARY-7f3a';

/** The report with server-ish text smuggled into fields the record type does not have. */
const taintedData = {
  ...mixedReport,
  serverInfo: { name: CANARY, instructions: CANARY },
  target: { ...mixedReport.target, url: `http://127.0.0.1/${CANARY}` },
  cases: mixedReport.cases.map((record) => ({
    ...record,
    errorMessage: CANARY,
    ...(record.findings === undefined ? {} : { findings: record.findings.map((finding) => ({ ...finding, description: CANARY })) }),
    ...(record.location === undefined ? {} : { location: { ...record.location, snippet: CANARY } }),
  })),
  checks: mixedReport.checks.map((check) => ({ ...check, labels: { x: CANARY } })),
  invocationErrors: [{ label: 'connect-crashed', stderr: CANARY }],
};
// Assigned from a variable, not a literal: extra fields are allowed in, as they could be at run time.
const tainted: RunReport = taintedData;

/** A model-layer run with the text a model layer holds in memory smuggled beside the records. */
const taintedBehaviorData = {
  ...behaviorReport,
  cases: behaviorReport.cases.map((record) => ({
    ...record,
    task: CANARY,
    modelText: CANARY,
    arguments: { id: CANARY },
    toolResult: CANARY,
  })),
  models: (behaviorReport.models ?? []).map((column) => ({
    ...column,
    model: CANARY,
    baseUrl: `http://127.0.0.1/${CANARY}`,
    apiKey: CANARY,
  })),
  hostPrompt: CANARY,
};
const taintedBehavior: RunReport = taintedBehaviorData;

const names = Object.keys(REPORTERS).filter(isReporterName);
const loaded: readonly Reporter[] = await Promise.all(names.map((name) => REPORTERS[name].load()));

describe('the reporter table', () => {
  it('loads each reporter under its own name, each with an extension of its own', () => {
    expect(loaded.map((reporter) => reporter.name)).toEqual(names);
    expect(names).toEqual(Object.keys(REPORTERS));
    const extensions = loaded.map((reporter) => reporter.fileExtension);
    expect(new Set(extensions).size).toBe(extensions.length);
    for (const extension of extensions) expect(extension).toMatch(/^\.[a-z]+$/);
  });

  it('narrows names without a cast', async () => {
    const name: string = 'sarif';
    expect(isReporterName(name) && (await REPORTERS[name].load()).name).toBe('sarif');
    for (const known of names) expect(isReporterName(known)).toBe(true);
    expect(isReporterName('csv')).toBe(false);
    expect(isReporterName('toString')).toBe(false);
  });

  it.each(loaded)('$name is pure: the same report renders the same text', (reporter) => {
    for (const report of [mixedReport, unlocatedReport, behaviorReport]) {
      expect(reporter.format(report, { color: true })).toBe(reporter.format(structuredClone(report), { color: true }));
    }
  });

  it.each(loaded)('$name renders only record fields, never extra ones', (reporter) => {
    expect(reporter.format(tainted)).not.toContain(CANARY);
    expect(reporter.format(tainted, { color: true })).not.toContain(CANARY);
  });

  it.each(loaded)('$name renders a model-layer run without task, model text, arguments or column settings', (reporter) => {
    for (const color of [false, true]) {
      const text = reporter.format(taintedBehavior, { color });
      expect(text).not.toContain(CANARY);
      // The same output as the clean report: nothing beside the records changed a byte.
      expect(text).toBe(reporter.format(behaviorReport, { color }));
    }
  });
});
