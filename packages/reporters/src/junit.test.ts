import type { CaseRecord, RunReport } from '@mcp-eval/core';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { junit, testCaseName } from './junit.js';
import { behaviorReport, mixedReport, unlocatedReport } from './test-support/fixture-reports.js';

interface XmlNode {
  readonly [key: string]: unknown;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
  isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
});

function parse(xml: string): XmlNode {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml) as XmlNode;
}

function suites(xml: string): XmlNode[] {
  return ((parse(xml)['testsuites'] as XmlNode)['testsuite'] as XmlNode[] | undefined) ?? [];
}

function testCases(xml: string): Map<string, XmlNode> {
  return new Map(suites(xml).flatMap((suite) => (suite['testcase'] as XmlNode[]).map((tc) => [String(tc['@name']), tc] as const)));
}

/** The text of an outcome element, whether the builder wrote it as CDATA or as plain text. */
function body(node: unknown): string {
  if (typeof node === 'string') return node;
  const element = node as XmlNode;
  return String(element['#cdata'] ?? element['#text'] ?? '');
}

function outcome(tc: XmlNode): 'failure' | 'error' | 'skipped' | 'none' {
  const present = (['failure', 'error', 'skipped'] as const).filter((key) => key in tc);
  expect(present.length).toBeLessThanOrEqual(1);
  return present[0] ?? 'none';
}

const expectedOutcome = (record: CaseRecord) => ({ pass: 'none', fail: 'failure', error: 'error', skip: 'skipped' })[record.status];

describe('junit', () => {
  it('has one testsuite per check, with counts, in report order', () => {
    const xml = junit.format(mixedReport);
    const root = parse(xml)['testsuites'] as XmlNode;
    const { cases, fail, error, skip } = mixedReport.summary;
    expect([cases, fail, error, skip]).toEqual([11, 6, 2, 1]);
    expect(root).toMatchObject({ '@name': 'mcp-eval', '@tests': '11', '@failures': '6', '@errors': '2', '@skipped': '1' });
    const names = suites(xml).map((suite) => suite['@name']);
    expect(names).toEqual(mixedReport.checks.map((check) => check.id));
    const honesty = suites(xml).find((suite) => suite['@name'] === 'error-honesty');
    expect(honesty).toMatchObject({
      '@tests': '2',
      '@failures': '0',
      '@errors': '1',
      '@timestamp': '2026-11-30T10:00:00',
      '@time': '100.096',
    });
  });

  it.each([mixedReport, unlocatedReport])('parses back case by case: outcome, classname, name, file, time', (report) => {
    const cases = testCases(junit.format(report));
    expect(cases.size).toBe(report.cases.length);
    for (const record of report.cases) {
      const tc = cases.get(record.id);
      expect(tc, record.id).toBeDefined();
      expect(outcome(tc!), record.id).toBe(expectedOutcome(record));
      expect(tc!['@classname']).toBe(`mcp-eval.${record.check}`);
      expect(tc!['@time']).toBe(String(record.durationMs / 1000));
      expect(tc!['@file']).toBe(record.location?.file ?? report.manifest);
    }
  });

  it('puts the location, message, label and numbers in a failure body', () => {
    const tc = testCases(junit.format(mixedReport)).get('catalog-budget')!;
    const failure = tc['failure'] as XmlNode;
    expect(failure['@type']).toBe('catalog-too-large');
    expect(failure['@message']).toBe('Case catalog-budget failed check discovery-cost: catalog-too-large.');
    expect(body(failure)).toBe(
      [
        'examples/demo/mcp-eval.yaml:9:5',
        'Case catalog-budget failed check discovery-cost: catalog-too-large.',
        'label=catalog-too-large',
        'tools=13 catalogBytes=70211',
        'runs=1 passes=0',
      ].join('\n'),
    );
  });

  it('lists repeats and findings in the body', () => {
    const cases = testCases(junit.format(mixedReport));
    expect(body(cases.get('concurrent-sum')!['failure'])).toContain('tool=get-sum\nclients=2\nruns=5 passes=3 gate=soft');
    expect(body(cases.get('hidden-instructions')!['failure'])).toBe(
      [
        'Case hidden-instructions failed check security-hidden-instructions: hidden-instruction.',
        'label=hidden-instruction',
        'tools=2',
        'runs=1 passes=0',
        'finding: fetch_url hidden-instruction',
        'finding: search hidden-instruction [suppressed]',
      ].join('\n'),
    );
  });

  it('writes an error element for a case the evaluator could not run', () => {
    const error = testCases(junit.format(mixedReport)).get('slow-read')!['error'] as XmlNode;
    expect(error['@type']).toBe('not-read-only');
    expect(body(error)).toMatch(
      /^examples\/demo\/mcp-eval\.yaml:35:5\nCase slow-read could not be evaluated by check latency-budget on tool get_item: not-read-only\./,
    );
  });

  it('keeps the label of skips and the numbers of passes in system-out', () => {
    const cases = testCases(junit.format(mixedReport));
    expect(body(cases.get('restore-after-delete')!['system-out'])).toContain('label=mutation-not-allowed');
    expect(body(cases.get('missing-item-is-honest')!['system-out'])).toContain('jsonRpcCode=-32602 attempt=2');
    expect(cases.get('echo-guessable')).not.toHaveProperty('system-out');
  });

  it('builds a fresh document on every call', () => {
    expect(junit.format(mixedReport)).toBe(junit.format(mixedReport));
  });

  it('survives characters XML cannot carry', () => {
    const [first] = mixedReport.cases;
    const report: RunReport = { ...mixedReport, cases: [{ ...first!, id: 'bad\u0001id<&>' }] };
    const cases = testCases(junit.format(report));
    expect([...cases.keys()]).toEqual(['bad\uFFFDid<&>']);
  });
});

describe('junit: the model layer', () => {
  /** Test cases keyed by `<classname> <name>`: one case has a record per check and per column. */
  function byCheckAndName(xml: string): Map<string, XmlNode> {
    return new Map(
      suites(xml).flatMap((suite) =>
        (suite['testcase'] as XmlNode[]).map((tc) => [`${String(tc['@classname'])} ${String(tc['@name'])}`, tc] as const),
      ),
    );
  }

  it('has one testcase per case and column, named with the column id, outcome as the status', () => {
    const xml = junit.format(behaviorReport);
    const cases = byCheckAndName(xml);
    expect(cases.size).toBe(behaviorReport.cases.length);
    for (const record of behaviorReport.cases) {
      const tc = cases.get(`mcp-eval.${record.check} ${testCaseName(record)}`);
      expect(tc, `${record.check} ${record.id} ${record.model ?? ''}`).toBeDefined();
      expect(outcome(tc!)).toBe(expectedOutcome(record));
    }
    expect([...cases.keys()].filter((key) => key.startsWith('mcp-eval.tool-selection '))).toEqual([
      'mcp-eval.tool-selection fetch-one-item [gpt]',
      'mcp-eval.tool-selection fetch-one-item [local]',
      'mcp-eval.tool-selection fetch-one-item [lexical]',
    ]);
    // A deterministic case keeps its bare name.
    expect(cases.has('mcp-eval.discovery-cost catalog-budget')).toBe(true);
    const root = parse(xml)['testsuites'] as XmlNode;
    expect(root).toMatchObject({ '@tests': '12', '@failures': '4', '@errors': '1', '@skipped': '3' });
  });

  it("names the column in the message, a property and the body, beside the record's numbers", () => {
    const cases = byCheckAndName(junit.format(behaviorReport));
    const tc = cases.get('mcp-eval.argument-correctness fetch-one-item [gpt]')!;
    const failure = tc['failure'] as XmlNode;
    expect(failure['@type']).toBe('value-mismatch');
    expect(failure['@message']).toBe(
      'Case fetch-one-item on column gpt failed check argument-correctness on tool get_item: value-mismatch.',
    );
    expect(body(failure)).toContain('\nlabel=value-mismatch\ntool=get_item\nmodel=gpt\ntrials=5 passes=4 ');
    expect(body(failure)).toContain('runs=5 passes=4 gate=hard');
    const properties = ((tc['properties'] as XmlNode)['property'] as XmlNode[]).map((p) => [p['@name'], p['@value']]);
    expect(properties).toContainEqual(['model', 'gpt']);
    const skipped = cases.get('mcp-eval.no-call thanks-calls-nothing [local]')!;
    expect(outcome(skipped)).toBe('skipped');
    expect(body(skipped['system-out'])).toContain('label=model-unavailable');
    const timedOut = cases.get('mcp-eval.tool-sequence search-then-file [gpt]')!['error'] as XmlNode;
    expect(timedOut['@type']).toBe('model-timeout');
  });
});
