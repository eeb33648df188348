import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { describe, expect, it } from 'vitest';

import { copyCaseRecord, copyCheckInfo, copyFinding, copyModelColumn, copyRoleSpend } from './copy-record.js';
import type { CaseRecord, CheckInfo, Finding, ModelColumn, RoleSpend } from './record.js';
import { CaseRecordSchema, CheckInfoSchema, FindingSchema, ModelColumnSchema, RoleSpendSchema } from './record.js';
import { reportJsonSchema } from './report-schema.js';
import { SAFE_TEXT_PATTERN } from './terminal-text.js';

const require = createRequire(import.meta.url);

const FULL_ROLE: Required<RoleSpend> = { role: 'judge', model: 'gpt', requests: 3, inputTokens: 120, outputTokens: 21 };

/** Every field a finding, a case record and a check can have, each set. */
const FULL_FINDING: Required<Finding> = {
  label: 'too-short',
  tool: 'search',
  pointer: '/cases/0',
  measurements: { toolIndex: 0 },
  suppressed: true,
};
const FULL_CASE: Required<CaseRecord> = {
  id: 'discovery',
  kind: 'dimension',
  check: 'discovery-cost',
  status: 'fail',
  label: 'over-budget',
  tool: 'search',
  measurements: { tools: 3 },
  findings: [FULL_FINDING],
  runs: 2,
  passes: 1,
  passRate: 0.5,
  gate: 'soft',
  location: { file: 'mcp-eval.yaml', line: 4, column: 5 },
  durationMs: 12,
  model: 'gpt-mini',
  era: 'legacy',
  reviewed: { file: 'mcp-eval.reviewed.yaml', line: 2, column: 3 },
};
const FULL_COLUMN: Required<ModelColumn> = {
  id: 'gpt-mini',
  provider: 'openai-compatible',
  selectionAccuracy: 0.8,
  argumentCorrectness: 0.75,
  sequenceCorrectness: 0.5,
  overTriggerRate: 0.2,
  score: 87.5,
  scoreGate: { threshold: 80, passed: true },
  requests: 12,
  inputTokens: 3400,
  outputTokens: 210,
  cachedTrials: 3,
};
const FULL_CHECK: Required<CheckInfo> = {
  id: 'security-x',
  kind: 'lint',
  title: 'X',
  summary: 'Says X.',
  securitySeverity: 9.5,
  layer: 'security',
  severity: 'critical',
};

describe('the report schema', () => {
  it('ships exactly as generated from the record schemas', () => {
    const shipped: unknown = JSON.parse(readFileSync(require.resolve('@mcp-eval/core/report.schema.json'), 'utf8'));
    expect(shipped).toEqual(reportJsonSchema());
  });

  it('is strict JSON Schema 2020-12 and accepts a record holding every field', () => {
    const ajv = new Ajv2020({ strict: true });
    addFormatsImport.default(ajv);
    const schema = reportJsonSchema();
    expect(ajv.validateSchema(schema)).toBe(true);
    ajv.compile(schema);
    const validateCase = ajv.compile({ $defs: schema['$defs'], $ref: '#/$defs/case' });
    expect(validateCase(copyCaseRecord(FULL_CASE))).toBe(true);
    const validateColumn = ajv.compile({ $defs: schema['$defs'], $ref: '#/$defs/modelColumn' });
    expect(validateColumn(copyModelColumn(FULL_COLUMN))).toBe(true);
    const validateRole = ajv.compile({ $defs: schema['$defs'], $ref: '#/$defs/roleSpend' });
    expect(validateRole(copyRoleSpend(FULL_ROLE))).toBe(true);
    expect(validateRole({ ...FULL_ROLE, role: 'grader' })).toBe(false);
    expect(validateRole({ ...FULL_ROLE, reason: 'text' })).toBe(false);
  });

  it('refuses a column id that is not the manifest id shape, and a provider outside the enum', () => {
    const ajv = new Ajv2020({ strict: true });
    addFormatsImport.default(ajv);
    const schema = reportJsonSchema();
    const validateColumn = ajv.compile({ $defs: schema['$defs'], $ref: '#/$defs/modelColumn' });
    expect(validateColumn({ ...FULL_COLUMN, id: 'https://api.example/v1' })).toBe(false);
    expect(validateColumn({ ...FULL_COLUMN, provider: 'gateway' })).toBe(false);
    expect(validateColumn({ ...FULL_COLUMN, model: 'gpt-4.1-mini' })).toBe(false);
    const validateCase = ajv.compile({ $defs: schema['$defs'], $ref: '#/$defs/case' });
    expect(validateCase({ ...FULL_CASE, model: 'GPT 4.1' })).toBe(false);
  });
});

describe('the record copies', () => {
  // A field added to a schema but not to its copy (or the other way round) fails here.
  it.each([
    ['finding', FindingSchema.properties, copyFinding(FULL_FINDING)],
    ['case record', CaseRecordSchema.properties, copyCaseRecord(FULL_CASE)],
    ['check', CheckInfoSchema.properties, copyCheckInfo(FULL_CHECK)],
    ['model column', ModelColumnSchema.properties, copyModelColumn(FULL_COLUMN)],
    ['role spend', RoleSpendSchema.properties, copyRoleSpend(FULL_ROLE)],
  ])('copy every field of a %s its schema declares', (_name, properties, copy) => {
    expect(Object.keys(copy).sort()).toEqual(Object.keys(properties).sort());
  });

  it('copy deeply, so changing the copy leaves the original alone', () => {
    const copy = copyCaseRecord(FULL_CASE);
    expect(copy).toEqual(FULL_CASE);
    expect(copy.measurements).not.toBe(FULL_CASE.measurements);
    expect(copy.findings?.[0]).not.toBe(FULL_FINDING);
    expect(copy.findings?.[0]?.measurements).not.toBe(FULL_FINDING.measurements);
    expect(copy.location).not.toBe(FULL_CASE.location);
  });

  it('leave out optional fields that are undefined, and anything the record type does not have', () => {
    const loose = {
      id: 'c',
      kind: 'probe',
      check: 'payload-bounds',
      status: 'pass',
      label: undefined,
      measurements: {},
      runs: 1,
      passes: 1,
      passRate: 1,
      durationMs: 0,
      debug: 'server text',
    } as const;
    const copy = copyCaseRecord(loose);
    expect(copy).toEqual({
      id: 'c',
      kind: 'probe',
      check: 'payload-bounds',
      status: 'pass',
      measurements: {},
      runs: 1,
      passes: 1,
      passRate: 1,
      durationMs: 0,
    });
    expect(Object.keys(copy)).not.toContain('label');
    expect(Object.keys(copy)).not.toContain('debug');
  });

  it('rewrite a finding at the record boundary when asked', () => {
    const copy = copyFinding(
      { label: 'x', tool: 'raw name', measurements: { n: 1 } },
      { tool: () => '<invalid-tool-name>', measurements: () => ({}) },
    );
    expect(copy).toEqual({ label: 'x', tool: '<invalid-tool-name>', measurements: {} });
  });

  it('refuses control characters, newlines and bidi controls in ids, paths, pointers, versions and check text', () => {
    const ajv = new Ajv2020({ strict: true });
    addFormatsImport.default(ajv);
    const schema = reportJsonSchema();
    const validateCase = ajv.compile({ $defs: schema['$defs'], $ref: '#/$defs/case' });
    const validateCheck = ajv.compile({ $defs: schema['$defs'], $ref: '#/$defs/check' });
    for (const bad of ['\u001b[2K\u001b[1A', '\u0000', '\n', '\u007f', '\u009b', '\u202e', '\u2066', '\u200f']) {
      expect(validateCase({ ...FULL_CASE, id: `a${bad}b` })).toBe(false);
      expect(validateCase({ ...FULL_CASE, location: { ...FULL_CASE.location, file: `m${bad}.yaml` } })).toBe(false);
      expect(validateCase({ ...FULL_CASE, findings: [{ label: 'x', pointer: `/a${bad}` }] })).toBe(false);
      expect(validateCheck({ ...FULL_CHECK, title: `T${bad}` })).toBe(false);
    }
    const root = schema['properties'] as Record<string, { properties?: Record<string, { pattern?: string }>; pattern?: string }>;
    expect(root['manifest']?.pattern).toBe(SAFE_TEXT_PATTERN);
    expect(root['tool']?.properties?.['version']?.pattern).toBe(SAFE_TEXT_PATTERN);
  });
});
