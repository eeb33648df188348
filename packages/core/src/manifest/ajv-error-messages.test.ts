import { LineCounter, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';

import { describeAjvErrors } from './ajv-error-messages.js';
import { createManifestAjv } from './manifest-ajv.js';
import { createYamlLocator } from './yaml-locator.js';

/** Validates YAML text against a schema and returns the messages as `line:column message`. */
function messages(schema: object, yaml: string, caseScope?: { label: string; check: string; reserved: string[] }): string[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(yaml, { lineCounter });
  const data: unknown = doc.toJS();
  const validate = createManifestAjv().compile(schema);
  expect(validate(data)).toBe(false);
  const locator = createYamlLocator(doc, lineCounter);
  return describeAjvErrors(validate.errors ?? [], { file: 'f.yaml', locator, base: [], data, ...(caseScope ? { caseScope } : {}) }).map(
    (e) => `${e.line}:${e.column} ${e.message}`,
  );
}

describe('describeAjvErrors', () => {
  it('folds the branches of a failed anyOf into one message saying what the value may be', () => {
    const schema = {
      type: 'object',
      properties: { error_code: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'integer' }] } },
    };
    expect(messages(schema, 'error_code: [1]\n')).toEqual(['1:13 `error_code` must be a non-empty string or an integer']);
  });

  it('names a bad key under propertyNames once', () => {
    const schema = { type: 'object', properties: { headers: { type: 'object', propertyNames: { pattern: '^[A-Za-z-]+$' } } } };
    expect(messages(schema, 'headers:\n  ok: a\n  "bad key": b\n')).toEqual(['3:3 key `bad key` in `headers` is not allowed']);
  });

  it('says which key another one needs (dependentRequired)', () => {
    const schema = {
      type: 'object',
      properties: { tool: { type: 'string' }, arguments: { type: 'object' } },
      dependentRequired: { tool: ['arguments'] },
    };
    expect(messages(schema, 'tool: x\n')).toEqual(['1:1 the manifest needs `arguments` when `tool` is set']);
  });

  it('describes list items, bounds and enums in case terms', () => {
    const schema = {
      type: 'object',
      properties: {
        expect: {
          type: 'object',
          properties: {
            fields: { type: 'array', items: { type: 'string' }, minItems: 1 },
            mode: { enum: ['a', 'b'] },
            ratio: { type: 'number', minimum: 0, maximum: 1 },
          },
          additionalProperties: false,
        },
      },
    };
    const scope = { label: 'case `c`', check: 'instruction-fidelity', reserved: ['id'] };
    expect(messages(schema, 'expect:\n  fields: [a, 2]\n  mode: c\n  ratio: 2\n  other: 1\n', scope)).toEqual([
      '5:3 unknown key `other` in `expect` of case `c` (expected one of: fields, mode, ratio)',
      '2:15 `expect.fields[1]` in case `c` must be a string (got an integer)',
      '3:9 `expect.mode` in case `c` must be one of: a, b',
      '4:10 `expect.ratio` in case `c` must be a number from 0 to 1',
    ]);
  });
});
