import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { RunReport } from '@mcp-eval/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { json } from './json.js';
import { parseReport } from './parse-report.js';
import { behaviorReport, mixedReport, unlocatedReport } from './test-support/fixture-reports.js';

// The schema as this package ships it (core's, generated from the record types, copied at its old path).
const schema: unknown = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@mcp-eval/reporters/report.schema.json'), 'utf8'));

/** A rendered report as plain data, with one edit applied. */
function edited(edit: (data: Record<string, unknown> & { cases: Record<string, unknown>[] }) => void): string {
  const data = JSON.parse(json.format(mixedReport)) as Record<string, unknown> & { cases: Record<string, unknown>[] };
  edit(data);
  return JSON.stringify(data);
}

function errorsOf(text: string): readonly string[] {
  const parsed = parseReport(text);
  return parsed.ok ? [] : parsed.errors;
}

describe('json', () => {
  it('ships a valid 2020-12 schema with an $id', () => {
    const ajv = new Ajv2020({ strict: true });
    expect(ajv.validateSchema(schema as object)).toBe(true);
    expect(schema).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', $id: expect.stringMatching(/^https:\/\//) });
  });

  it.each([
    ['mixed', mixedReport],
    ['conformance', unlocatedReport],
    ['model layer: behavior records with columns, and per-column scores', behaviorReport],
    ['a run with its trace id', { ...mixedReport, runId: '4bf92f3577b34da6a3ce929d0e0e4736' } satisfies RunReport],
    [
      'lint of a saved catalog file',
      {
        ...unlocatedReport,
        command: 'lint',
        target: { transport: 'file' },
        gate: { passed: true, threshold: 70, failures: [] },
      } satisfies RunReport,
    ],
  ])('round-trips through parseReport: %s', (_name, report) => {
    const parsed = parseReport(json.format(report));
    expect(parsed).toEqual({ ok: true, report });
  });

  it('matches the saved report the packed-install test re-renders', () => {
    expect(json.format(mixedReport)).toBe(readFileSync(new URL('./test-support/saved-report.json', import.meta.url), 'utf8'));
  });

  it('writes the envelope of docs/reporters.md, keys in a fixed order', () => {
    const data = JSON.parse(json.format(mixedReport)) as Record<string, unknown>;
    expect(Object.keys(data)).toEqual([
      'reportVersion',
      'tool',
      'command',
      'manifest',
      'target',
      'startedAt',
      'durationMs',
      'summary',
      'cases',
      'checks',
      'scores',
      'gate',
      'invocationErrors',
    ]);
    expect(data['reportVersion']).toBe(1);
    expect(json.format(mixedReport).endsWith('}\n')).toBe(true);
  });

  it('keeps runId beside startedAt, and refuses one that is not a 32-hex trace id', () => {
    const data = JSON.parse(json.format({ ...mixedReport, runId: '4bf92f3577b34da6a3ce929d0e0e4736' })) as Record<string, unknown>;
    expect(Object.keys(data).slice(5, 8)).toEqual(['startedAt', 'runId', 'durationMs']);
    expect(errorsOf(edited((edit) => (edit['runId'] = 'run-1')))).not.toEqual([]);
  });

  it('rejects an unknown top-level key, naming it', () => {
    expect(errorsOf(edited((data) => (data['extra'] = true)))).toEqual(['/ has an unknown property "extra"']);
  });

  it('rejects a bad status', () => {
    expect(errorsOf(edited((data) => (data.cases[0]!['status'] = 'flaky')))).toEqual([
      '/cases/0/status must be equal to one of the allowed values',
    ]);
  });

  it('rejects a failure without a label, a free-text label, a bad tool name and a newer version', () => {
    expect(errorsOf(edited((data) => delete data.cases[0]!['label']))).toEqual(["/cases/0 must have required property 'label'"]);
    expect(errorsOf(edited((data) => (data.cases[0]!['label'] = 'The server said: ignore all instructions')))).toEqual([
      '/cases/0/label must match pattern "^[a-z0-9]+(-[a-z0-9]+)*$"',
    ]);
    expect(errorsOf(edited((data) => (data.cases[1]!['tool'] = 'echo everything')))).toEqual([
      '/cases/1/tool must match pattern "^(?:[A-Za-z0-9_\\-./]{1,128}|<invalid-tool-name>)$"',
    ]);
    expect(errorsOf(edited((data) => (data['reportVersion'] = 2)))).toEqual(['/reportVersion must be equal to constant']);
  });

  it('accepts finding addresses as the manifest wrote them: a field name or a JSON Pointer', () => {
    for (const pointer of ['id', '/items/0/id']) {
      const text = edited((data) => (data.cases[0]!['findings'] = [{ label: 'field-missing', pointer }]));
      expect(errorsOf(text)).toEqual([]);
    }
  });

  it('never quotes the file back in its errors', () => {
    const secret = 'SECRET-TEXT';
    expect(errorsOf(`{"reportVersion": 1, ${secret}`).join(' ')).not.toContain(secret);
    expect(errorsOf(edited((data) => (data.cases[0]!['measurements'] = { [`${secret} key`]: 'x' }))).join(' ')).not.toContain(secret);
    expect(errorsOf(edited((data) => (data[`${secret} key`] = 1)))).toEqual(['/ has an unknown property <key>']);
    expect(errorsOf('nope')).toEqual([expect.stringMatching(/^not valid JSON/)]);
  });

  it('does not emit fields the record type does not have', () => {
    const tainted = {
      ...mixedReport,
      serverInfo: 'CANARY-top',
      target: { ...mixedReport.target, url: 'CANARY-target' },
      cases: mixedReport.cases.map((c) => ({
        ...c,
        description: 'CANARY-case',
        findings: c.findings?.map((f) => ({ ...f, text: 'CANARY-finding' })),
      })),
    } as RunReport;
    const text = json.format(tainted);
    expect(text).not.toContain('CANARY');
    expect(parseReport(text)).toEqual({ ok: true, report: mixedReport });
  });
});

describe('json: the model layer', () => {
  const data = (): Record<string, unknown> & { cases: Record<string, unknown>[]; models: Record<string, unknown>[] } =>
    JSON.parse(json.format(behaviorReport)) as Record<string, unknown> & {
      cases: Record<string, unknown>[];
      models: Record<string, unknown>[];
    };

  it('writes models last, each column and record in a fixed key order', () => {
    const written = data();
    expect(Object.keys(written)).toEqual([
      'reportVersion',
      'tool',
      'command',
      'manifest',
      'target',
      'startedAt',
      'durationMs',
      'summary',
      'cases',
      'checks',
      'models',
    ]);
    expect(Object.keys(written.models[0]!)).toEqual([
      'id',
      'provider',
      'selectionAccuracy',
      'argumentCorrectness',
      'sequenceCorrectness',
      'overTriggerRate',
      'requests',
      'inputTokens',
      'outputTokens',
      'cachedTrials',
    ]);
    expect(Object.keys(written.models[1]!)).toEqual(['id', 'provider', 'requests', 'inputTokens', 'outputTokens', 'cachedTrials']);
    expect(written.cases[1]).toMatchObject({ kind: 'behavior', model: 'gpt' });
  });

  it('refuses a column carrying a model name, URL or key, an unknown provider, a rate over 1 and a free-text column id', () => {
    const withColumn = (edit: (column: Record<string, unknown>) => void) => {
      const written = data();
      edit(written.models[0]!);
      return errorsOf(JSON.stringify(written));
    };
    expect(withColumn((c) => (c['model'] = 'gpt-4.1-mini'))).toEqual(['/models/0 has an unknown property "model"']);
    expect(withColumn((c) => (c['baseUrl'] = 'http://127.0.0.1:11434/v1'))).toEqual(['/models/0 has an unknown property "baseUrl"']);
    expect(withColumn((c) => (c['provider'] = 'gateway'))).toEqual(['/models/0/provider must be equal to one of the allowed values']);
    expect(withColumn((c) => (c['selectionAccuracy'] = 1.5))).toEqual(['/models/0/selectionAccuracy must be <= 1']);
    expect(withColumn((c) => (c['id'] = 'GPT 4.1 via proxy'))).toEqual(['/models/0/id must match pattern "^[a-z0-9][a-z0-9-]{0,63}$"']);
    const written = data();
    written.cases[1]!['model'] = 'https://api.example/v1';
    expect(errorsOf(JSON.stringify(written))).toEqual(['/cases/1/model must match pattern "^[a-z0-9][a-z0-9-]{0,63}$"']);
  });

  it('drops fields a column or record does not have', () => {
    const tainted = {
      ...behaviorReport,
      cases: behaviorReport.cases.map((c) => ({ ...c, task: 'CANARY-task', modelText: 'CANARY-text' })),
      models: (behaviorReport.models ?? []).map((m) => ({ ...m, model: 'CANARY-model', baseUrl: 'CANARY-url', apiKey: 'CANARY-key' })),
    } as RunReport;
    const text = json.format(tainted);
    expect(text).not.toContain('CANARY');
    expect(parseReport(text)).toEqual({ ok: true, report: behaviorReport });
  });
});

describe('the shipped schema', () => {
  it('is core’s, at this package’s old path', () => {
    const require = createRequire(import.meta.url);
    const core: unknown = JSON.parse(readFileSync(require.resolve('@mcp-eval/core/report.schema.json'), 'utf8'));
    expect(schema).toEqual(core);
  });
});
