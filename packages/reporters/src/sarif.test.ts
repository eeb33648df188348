import type { RunReport } from '@mcp-eval/core';
import { githubProfileErrors, sarifSchemaErrors } from '@mcp-eval/test-support';
import type { Log, Result } from 'sarif';
import { describe, expect, it } from 'vitest';
import { MAX_SARIF_RESULTS, PLACEHOLDER_ARTIFACT, sarif } from './sarif.js';
import { behaviorReport, manyFailures, mixedReport, shiftLines, unlocatedReport } from './test-support/fixture-reports.js';

function render(report: RunReport): { text: string; log: Log } {
  const text = sarif.format(report);
  return { text, log: JSON.parse(text) as Log };
}

function results(log: Log): Result[] {
  return log.runs[0]?.results ?? [];
}

function fingerprints(report: RunReport): Record<string, string | undefined> {
  const { log } = render(report);
  return Object.fromEntries(
    results(log).map((result) => [String(result.properties?.['caseId']), result.partialFingerprints?.['primaryLocationLineHash']]),
  );
}

describe('sarif', () => {
  it.each([
    ['a run with passes, failures, skips, errors, findings and an invocation error', mixedReport],
    ['a conformance run with no manifest', unlocatedReport],
    ['a run with no cases', { ...mixedReport, cases: [], summary: { cases: 0, pass: 0, fail: 0, skip: 0, error: 0 } }],
  ])('is valid against the SARIF 2.1.0 schema and GitHub upload rules: %s', (_name, report) => {
    const { text, log } = render(report);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(githubProfileErrors(text)).toEqual([]);
  });

  it('the validators catch what GitHub rejects', () => {
    const { log } = render(mixedReport);
    const run = log.runs[0]!;
    const broken: Log = {
      ...log,
      runs: [
        { ...run, results: [{ ...results(log)[0]!, locations: [], partialFingerprints: {} }] },
        { ...run, results: [] },
      ],
    };
    const errors = githubProfileErrors(JSON.stringify(broken));
    expect(errors).toContain('runs[0].results[0]: no locations (GitHub rejects the whole file)');
    expect(errors).toContain('runs[0].results[0]: partialFingerprints.primaryLocationLineHash missing');
    expect(errors).toContain("runs[1]: tool and category repeat another run's");
    expect(sarifSchemaErrors({ ...log, version: '2.0.0' })).not.toEqual([]);
  });

  it('has one run with a rule per check, with help, docs link and tags', () => {
    const { log } = render(mixedReport);
    expect(log.runs).toHaveLength(1);
    const driver = log.runs[0]!.tool.driver;
    expect(driver.name).toBe('mcp-eval');
    expect(driver.semanticVersion).toBe('0.1.0');
    expect(driver.rules?.map((rule) => rule.id)).toEqual(mixedReport.checks.map((check) => check.id));
    const cost = driver.rules?.find((rule) => rule.id === 'discovery-cost');
    expect(cost).toMatchObject({
      shortDescription: { text: 'Discovery cost' },
      fullDescription: { text: 'The tool catalog stays within the declared tool count and byte budget.' },
      helpUri: expect.stringMatching(/\/docs\/checks\/discovery-cost\.md$/),
      defaultConfiguration: { level: 'error' },
      properties: { tags: ['mcp', 'dimension'], 'problem.severity': 'error' },
    });
    expect(cost?.help?.text).toContain('docs/checks/discovery-cost.md');
    expect(cost?.help?.markdown).toContain('(https://');
  });

  it('marks security checks with a security-severity string, and lint rules with their layer and severity', () => {
    const rules = render(mixedReport).log.runs[0]!.tool.driver.rules ?? [];
    const byId = new Map(rules.map((rule) => [rule.id, rule]));
    expect(byId.get('payload-bounds')?.properties).toEqual({ tags: ['mcp', 'probe', 'security'], 'security-severity': '5.3' });
    expect(byId.get('security-hidden-instructions')?.properties).toEqual({ tags: ['mcp', 'lint', 'security'], 'security-severity': '9.1' });
    expect(byId.get('security-hidden-instructions')?.defaultConfiguration).toEqual({ level: 'error' });
    expect(byId.get('quality-description-length')?.properties).toEqual({
      tags: ['mcp', 'lint', 'quality'],
      'problem.severity': 'recommendation',
    });
    expect(byId.get('quality-description-length')?.defaultConfiguration).toEqual({ level: 'note' });
  });

  it('has one result per failing or erroring case, none for passes and skips', () => {
    const { log } = render(mixedReport);
    const expected = mixedReport.cases.filter((c) => c.status === 'fail' || c.status === 'error');
    expect(results(log).map((r) => r.properties?.['caseId'])).toEqual(expected.map((c) => c.id));
    const byCase = new Map(results(log).map((r) => [r.properties?.['caseId'], r]));
    expect(byCase.get('catalog-budget')).toMatchObject({ ruleId: 'discovery-cost', ruleIndex: 0, level: 'error' });
    // An evaluator that could not run a case: a located warning, so it is seen but ranks below failures.
    expect(byCase.get('slow-read')).toMatchObject({
      ruleId: 'latency-budget',
      level: 'warning',
      properties: { status: 'error', label: 'not-read-only' },
    });
    // A lint rule's own severity sets the level of its failures.
    expect(byCase.get('description-length')?.level).toBe('note');
  });

  it('builds messages only from case id, check id, tool, label and numbers', () => {
    const { log } = render(mixedReport);
    const byCase = new Map(results(log).map((r) => [r.properties?.['caseId'], r.message.text]));
    expect(byCase.get('catalog-budget')).toBe(
      'Case catalog-budget failed check discovery-cost: catalog-too-large. Measurements: tools=13 catalogBytes=70211.',
    );
    expect(byCase.get('concurrent-sum')).toBe(
      'Case concurrent-sum failed check contention on tool get-sum: second-client-failed. Measurements: clients=2. Runs: 3 of 5 passed (soft gate).',
    );
    expect(byCase.get('hidden-instructions')).toBe(
      'Case hidden-instructions failed check security-hidden-instructions: hidden-instruction. Measurements: tools=2. ' +
        'Findings (1 suppressed): fetch_url hidden-instruction; search hidden-instruction [suppressed].',
    );
  });

  it("locates each result at its case's manifest line, or line 1 of the manifest when the case has none", () => {
    const { log } = render(mixedReport);
    const byCase = new Map(results(log).map((r) => [r.properties?.['caseId'], r.locations?.[0]?.physicalLocation]));
    expect(byCase.get('catalog-budget')).toEqual({
      artifactLocation: { uri: 'examples/demo/mcp-eval.yaml' },
      region: { startLine: 9, startColumn: 5 },
    });
    expect(byCase.get('hidden-instructions')).toEqual({
      artifactLocation: { uri: 'examples/demo/mcp-eval.yaml' },
      region: { startLine: 1, startColumn: 1 },
    });
  });

  it('anchors a run with no manifest at the placeholder artifact', () => {
    const { log } = render(unlocatedReport);
    expect(results(log)).toHaveLength(2);
    for (const result of results(log)) {
      expect(result.locations?.[0]?.physicalLocation).toEqual({
        artifactLocation: { uri: PLACEHOLDER_ARTIFACT },
        region: { startLine: 1, startColumn: 1 },
      });
      expect(result.properties?.['located']).toBe(false);
    }
    expect(log.runs[0]?.automationDetails?.id).toBe('mcp-eval/conformance/http/');
  });

  it('keeps manifest paths repository-relative URIs', () => {
    const report: RunReport = { ...unlocatedReport, manifest: './servers/my server/mcp-eval.yaml' };
    const { text, log } = render(report);
    expect(results(log)[0]?.locations?.[0]?.physicalLocation?.artifactLocation?.uri).toBe('servers/my%20server/mcp-eval.yaml');
    expect(githubProfileErrors(text)).toEqual([]);
  });

  it('sets automationDetails.id to one category per command and target', () => {
    expect(render(mixedReport).log.runs[0]?.automationDetails?.id).toBe('mcp-eval/run/examples-demo-mcp-eval-yaml/');
  });

  it('keeps the run summary, lint scores and gate in the run properties', () => {
    const { log } = render(mixedReport);
    expect(log.runs[0]?.properties).toMatchObject({
      summary: mixedReport.summary,
      scores: mixedReport.scores,
      gate: { passed: false, threshold: 70, failures: ['critical-finding'] },
    });
  });

  it('sends evaluator failures to invocations, not results', () => {
    const invocation = render(mixedReport).log.runs[0]?.invocations?.[0];
    expect(invocation).toEqual({
      executionSuccessful: false,
      startTimeUtc: '2026-11-30T10:00:00.000Z',
      endTimeUtc: '2026-11-30T10:00:00.812Z',
      toolExecutionNotifications: [
        {
          level: 'error',
          descriptor: { id: 'connect-crashed' },
          message: { text: 'The evaluator could not complete the run: connect-crashed.' },
        },
      ],
    });
    expect(render(unlocatedReport).log.runs[0]?.invocations?.[0]?.executionSuccessful).toBe(true);
  });

  describe('fingerprints', () => {
    it('are present, distinct and identical across two formats of the same report', () => {
      const first = fingerprints(mixedReport);
      expect(Object.values(first).every((hash) => /^[0-9a-f]{16}:1$/.test(hash ?? ''))).toBe(true);
      expect(new Set(Object.values(first)).size).toBe(Object.keys(first).length);
      expect(fingerprints(structuredClone(mixedReport))).toEqual(first);
    });

    it('do not change when cases move lines, or when other cases change', () => {
      const moved = shiftLines(mixedReport, 7);
      const trimmed: RunReport = { ...moved, cases: moved.cases.filter((c) => c.id !== 'catalog-budget') };
      const { ['catalog-budget']: _removed, ...rest } = fingerprints(mixedReport);
      expect(fingerprints(moved)).toEqual(fingerprints(mixedReport));
      expect(fingerprints(trimmed)).toEqual(rest);
    });

    it('change when the case fails for another reason', () => {
      const relabelled: RunReport = {
        ...mixedReport,
        cases: mixedReport.cases.map((c) => (c.id === 'catalog-budget' ? { ...c, label: 'too-many-tools' } : c)),
      };
      expect(fingerprints(relabelled)['catalog-budget']).not.toBe(fingerprints(mixedReport)['catalog-budget']);
    });

    it('count repeats of one identity instead of colliding', () => {
      const [first] = mixedReport.cases;
      const twice: RunReport = { ...mixedReport, cases: [first!, first!] };
      const hashes = results(render(twice).log).map((r) => r.partialFingerprints?.['primaryLocationLineHash']);
      expect(hashes[0]?.replace(/:1$/, ':2')).toBe(hashes[1]);
    });
  });

  it('stays within GitHub limits for a run with more failures than a run may hold', () => {
    const report = manyFailures(MAX_SARIF_RESULTS + 2_000);
    const { text, log } = render(report);
    expect(results(log)).toHaveLength(MAX_SARIF_RESULTS);
    // Failures outrank evaluator errors when some must go.
    const dropped = report.cases.length - MAX_SARIF_RESULTS;
    expect(results(log).filter((r) => r.properties?.['status'] === 'error')).toHaveLength(report.summary.error - dropped);
    expect(log.runs[0]?.invocations?.[0]?.toolExecutionNotifications).toContainEqual(
      expect.objectContaining({ level: 'warning', descriptor: { id: 'results-truncated' } }),
    );
    expect(githubProfileErrors(text)).toEqual([]);
  });
});

describe('sarif: the model layer', () => {
  /** Fingerprints keyed by `<check> <case> <column>`. */
  function byColumn(report: RunReport): Map<string, string | undefined> {
    return new Map(
      results(render(report).log).map((r) => [
        `${String(r.ruleId)} ${String(r.properties?.['caseId'])} ${String(r.properties?.['model'] ?? '')}`,
        r.partialFingerprints?.['primaryLocationLineHash'],
      ]),
    );
  }

  it('is valid against the SARIF 2.1.0 schema and GitHub upload rules', () => {
    const { text, log } = render(behaviorReport);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(githubProfileErrors(text)).toEqual([]);
  });

  it('has one result per failing or erroring case and column, located at the case', () => {
    const { log } = render(behaviorReport);
    const expected = behaviorReport.cases.filter((c) => c.status === 'fail' || c.status === 'error');
    expect(results(log).map((r) => [r.ruleId, r.properties?.['caseId'], r.properties?.['model']])).toEqual(
      expected.map((c) => [c.check, c.id, c.model]),
    );
    const [first] = results(log);
    expect(first?.locations?.[0]).toEqual({
      physicalLocation: { artifactLocation: { uri: 'examples/demo/mcp-eval.yaml' }, region: { startLine: 20, startColumn: 5 } },
      logicalLocations: [
        { name: 'fetch-one-item', fullyQualifiedName: 'cases/fetch-one-item', kind: 'object' },
        { name: 'get_item', fullyQualifiedName: 'tools/get_item', kind: 'function' },
        { name: 'gpt', fullyQualifiedName: 'models/gpt', kind: 'resource' },
      ],
    });
    expect(first?.message.text).toBe(
      'Case fetch-one-item on column gpt failed check argument-correctness on tool get_item: value-mismatch. ' +
        `Measurements: ${Object.entries(behaviorReport.cases[2]!.measurements)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}. ` +
        'Trials: 4 of 5 passed, rate 0.80, 95% interval [0.38,0.96] (hard gate). Flaky: trials both passed and failed.',
    );
    const timedOut = results(log).find((r) => r.properties?.['label'] === 'model-timeout');
    expect(timedOut).toMatchObject({ ruleId: 'tool-sequence', level: 'warning', properties: { status: 'error', model: 'gpt' } });
    // The rule of a behavior check links its page under docs/checks and carries the family tag.
    const rule = log.runs[0]!.tool.driver.rules?.find((r) => r.id === 'tool-sequence');
    expect(rule).toMatchObject({
      helpUri: expect.stringMatching(/\/docs\/checks\/tool-sequence\.md$/),
      properties: { tags: ['mcp', 'behavior'] },
    });
  });

  it("keeps the columns' scores in the run properties", () => {
    expect(render(behaviorReport).log.runs[0]?.properties?.['models']).toEqual(behaviorReport.models);
  });

  it('gives the same case failing the same way on two columns distinct fingerprints, stable whatever the column order', () => {
    const sameFailure = behaviorReport.cases.map((c) =>
      c.check === 'tool-sequence' ? { ...c, status: 'fail' as const, label: 'sequence-missing-step' } : c,
    );
    const report: RunReport = { ...behaviorReport, cases: sameFailure, summary: { ...behaviorReport.summary, fail: 5, error: 0 } };
    const hashes = byColumn(report);
    const gpt = hashes.get('tool-sequence search-then-file gpt');
    const lexical = hashes.get('tool-sequence search-then-file lexical');
    expect(gpt).toMatch(/^[0-9a-f]{16}:1$/);
    expect(lexical).toMatch(/^[0-9a-f]{16}:1$/);
    expect(gpt).not.toBe(lexical);
    expect(new Set(hashes.values()).size).toBe(hashes.size);
    const reversed: RunReport = { ...report, cases: [...report.cases].reverse(), models: [...(report.models ?? [])].reverse() };
    expect(byColumn(reversed)).toEqual(hashes);
    expect(byColumn(shiftLines(report, 9))).toEqual(hashes);
  });

  it('leaves the fingerprint of a record without a column as it was before columns existed', () => {
    // sha256("mcp-eval/fingerprint/v1", "discovery-cost", "catalog-budget", "", "catalog-too-large"), NUL-joined: the v1 recipe.
    expect(fingerprints(mixedReport)['catalog-budget']).toBe('1d9dbfd0be042720:1');
  });
});
