import type { CaseRecord, RunReport } from '@mcp-eval/core';
import { summarize } from '@mcp-eval/core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { json } from './json.js';
import { parseReport } from './parse-report.js';
import { behaviorReport, mixedReport, unlocatedReport } from './test-support/fixture-reports.js';
import { yaml } from './yaml.js';

/** Case ids YAML would read as something else if written bare: booleans, null, numbers, syntax. */
const AMBIGUOUS_IDS = [
  'yes',
  'no',
  'null',
  '~',
  '1e3',
  '0x10',
  '012',
  'true',
  '- a',
  ': b',
  '#c',
  '&anchor',
  '*alias',
  "'q'",
  '"dq"',
  'a: b',
  '2026-12-01',
  ' lead',
  '@at',
];

const ambiguousCases: CaseRecord[] = AMBIGUOUS_IDS.map((id) => ({
  id,
  kind: 'dimension',
  check: 'discovery-cost',
  status: 'pass',
  measurements: { latencyMs: 0.1, big: 1e21, negative: -0 },
  runs: 1,
  passes: 1,
  passRate: 1,
  durationMs: 1,
}));
const ambiguous: RunReport = { ...unlocatedReport, cases: ambiguousCases, summary: summarize(ambiguousCases) };

describe('the yaml reporter', () => {
  it.each([
    ['mixed', mixedReport],
    ['behavior', behaviorReport],
    ['conformance', unlocatedReport],
    ['ambiguous ids', ambiguous],
  ] as const)('round-trips the %s report: YAML parsed back is the JSON envelope, and parseReport accepts it', (_, report) => {
    const text = yaml.format(report);
    const back: unknown = parse(text);
    expect(back).toEqual(JSON.parse(json.format(report)));
    const parsed = parseReport(JSON.stringify(back));
    expect(parsed.ok).toBe(true);
  });

  it('writes no anchors or aliases, and keeps the envelope key order', () => {
    const text = yaml.format(behaviorReport);
    expect(text).not.toMatch(/^\s*[^#\n]*[&*][a-z0-9]+\s*$/m);
    const keys = text
      .split('\n')
      .filter((line) => /^[a-zA-Z]+:/.test(line))
      .map((line) => line.split(':')[0]);
    expect(keys).toEqual(Object.keys(JSON.parse(json.format(behaviorReport)) as object));
  });
});
