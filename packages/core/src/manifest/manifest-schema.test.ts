import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import type { CheckDefinition } from '../check.js';
import { buildCaseSchema, buildManifestSchema, JSON_SCHEMA_DIALECT, MANIFEST_SCHEMA_ID } from './manifest-schema.js';
import { EXAMPLE_MANIFEST } from './test-support/example-manifest.js';
import { discoveryCost, stateRecovery, testChecks } from './test-support/test-checks.js';

const addFormats: FormatsPlugin = addFormatsImport.default;

/** A fresh strict 2020-12 validator, as an editor or a CI step would use the published schema. */
function compile(schema: object) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  expect(ajv.validateSchema(schema), ajv.errorsText(ajv.errors)).toBe(true);
  return ajv.compile(schema);
}

describe('buildManifestSchema', () => {
  const schema = buildManifestSchema(testChecks);

  it('is a valid JSON Schema 2020-12 document with an $id, that compiles under strict mode', () => {
    expect(schema.$schema).toBe(JSON_SCHEMA_DIALECT);
    expect(schema.$id).toBe(MANIFEST_SCHEMA_ID);
    expect(typeof schema.title).toBe('string');
    compile(schema);
  });

  it('accepts the example manifest', () => {
    const validate = compile(schema);
    expect(validate(parse(EXAMPLE_MANIFEST)), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each([
    ['an unknown top-level key', { extra: 1 }],
    ['an unknown case key', { cases: [{ id: 'b', dimension: 'discovery-cost', max_tools: 1, max_schema_bytes: 1, max_tool: 1 }] }],
    ['a missing required parameter', { cases: [{ id: 'b', dimension: 'discovery-cost', max_tools: 1 }] }],
    [
      'both dimension and probe',
      { cases: [{ id: 'b', dimension: 'discovery-cost', probe: 'token-cost', max_tools: 1, max_schema_bytes: 1 }] },
    ],
    ['a probe named as a dimension', { cases: [{ id: 'b', dimension: 'token-cost', max_total_tokens: 1 }] }],
    ['both stdio and http', { server: { stdio: { command: 'node' }, http: { url: 'http://127.0.0.1/mcp' } } }],
    [
      'a bad nested parameter behind a $ref',
      {
        cases: [
          {
            id: 's',
            dimension: 'state-recovery',
            failure: { tool: 'x', arguments: {}, extra: 1 },
            recovery: { tool: 'x', arguments: {} },
            validation: { tool: 'x', arguments: {} },
          },
        ],
      },
    ],
  ])('rejects %s', (_name, patch) => {
    const base = { version: 1, server: { stdio: { command: 'node' } }, cases: [{ id: 'p', probe: 'pagination' }] };
    const validate = compile(schema);
    expect(validate({ ...base, ...patch })).toBe(false);
  });

  it('offers each check as a case branch discriminated by a const, with titles and descriptions for editors', () => {
    const defs = schema.$defs as Record<string, Record<string, unknown>>;
    expect(Object.keys(defs)).toEqual([
      'dimension.discovery-cost',
      'dimension.schema-guessability',
      'dimension.error-honesty',
      'dimension.state-recovery',
      'dimension.contention',
      'probe.token-cost',
      'probe.pagination',
      // core's own behavior family, whatever registry the schema is built with
      'behavior.tool-selection',
      'behavior.tool-sequence',
      'behavior.no-call',
      'behavior.task-completion',
      'behavior.description-clarity',
      'behavior.overlap-disambiguation',
      'behavior.safety-resistance',
      'behavior.argument-generation',
      'behavior.catalog-scaling',
    ]);
    const budget = defs['dimension.discovery-cost'] as {
      properties: Record<string, Record<string, unknown>>;
      additionalProperties: unknown;
    };
    expect(budget.properties.dimension).toMatchObject({ const: 'discovery-cost', title: 'Discovery cost' });
    const realMaxTools = (discoveryCost.params.properties as Record<string, { description: string }>).max_tools;
    expect(budget.properties.max_tools).toMatchObject({ description: realMaxTools?.description });
    expect(budget.additionalProperties).toBe(false);
    // Local `$ref`s inside a check's params are re-rooted where the check's schema now lives.
    expect(JSON.stringify(defs['dimension.state-recovery'])).toContain('"$ref":"#/$defs/dimension.state-recovery/$defs/call"');
  });

  it('without any check definitions still describes the manifest frame (for a build before the registry exists)', () => {
    const frame = buildManifestSchema([]);
    const validate = compile(frame);
    expect(validate(parse(EXAMPLE_MANIFEST))).toBe(true);
    expect(validate({ version: 1, server: { stdio: { command: 'node' } }, cases: [{ id: 'x', dimension: 'y' }], extra: 1 })).toBe(false);
  });

  it('leaves conformance and lint checks out of the case branches', () => {
    const lint = { ...discoveryCost, id: 'some-lint-rule', kind: 'lint' } as CheckDefinition;
    expect(Object.keys(buildManifestSchema([discoveryCost as CheckDefinition, lint]).$defs as object)).toEqual([
      'dimension.discovery-cost',
      'behavior.tool-selection',
      'behavior.tool-sequence',
      'behavior.no-call',
      'behavior.task-completion',
      'behavior.description-clarity',
      'behavior.overlap-disambiguation',
      'behavior.safety-resistance',
      'behavior.argument-generation',
      'behavior.catalog-scaling',
    ]);
  });
});

describe('buildCaseSchema', () => {
  it('frames a check’s params with id, the kind key, gate and budget, closed to other keys', () => {
    const schema = buildCaseSchema(stateRecovery as CheckDefinition);
    expect(schema.required).toEqual(['id', 'dimension', 'failure', 'recovery', 'validation']);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties as object)).toEqual([
      'id',
      'dimension',
      'gate',
      'budget',
      'failure',
      'recovery',
      'validation',
      'read_only',
    ]);
    compile(schema);
  });

  it('refuses a check whose parameters use a key the manifest reserves', () => {
    const clash = { ...discoveryCost, params: { type: 'object', properties: { gate: { type: 'string' } }, additionalProperties: false } };
    expect(() => buildCaseSchema(clash as CheckDefinition)).toThrow(/reserved case key gate/);
  });
});
