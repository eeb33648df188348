import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { describe, expect, it } from 'vitest';

import { copyCatalogFingerprints, copySchemaSummary, copyToolFingerprint } from '../copy-record.js';
import type { ToolFingerprint } from '../record.js';
import { ToolFingerprintSchema } from '../record.js';
import { reportJsonSchema } from '../report-schema.js';
import { fingerprintTool } from './tool-fingerprint.js';

const FULL: Required<ToolFingerprint> = fingerprintTool({
  name: 'search',
  description: 'free text',
  inputSchema: { type: 'object', properties: { q: { type: ['string', 'null'] }, n: { type: 'frob' } }, required: ['q'] },
  outputSchema: { type: 'object', properties: { hits: { type: 'array', items: { type: 'object' } } } },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false, title: 'text' },
}) as Required<ToolFingerprint>;

describe('tool fingerprints in the report', () => {
  it('copy every field their schema declares', () => {
    expect(Object.keys(copyToolFingerprint(FULL)).sort()).toEqual(Object.keys(ToolFingerprintSchema.properties).sort());
    expect(Object.keys(copyToolFingerprint(FULL).annotations).sort()).toEqual(
      Object.keys(ToolFingerprintSchema.properties.annotations.properties).sort(),
    );
    expect(copySchemaSummary(FULL.input)).toEqual(FULL.input);
    expect(copySchemaSummary(FULL.input).paths).not.toBe(FULL.input.paths);
  });

  it('keep types as a closed set and annotations as booleans only (a title is text)', () => {
    const types = FULL.input.paths.map((p) => p.types);
    expect(types).toContainEqual(['null', 'string']);
    expect(types).toContainEqual(['other']);
    expect(FULL.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(JSON.stringify(FULL)).not.toMatch(/free text|"q"|hits|title/);
  });

  it('validate against the shipped report schema, which refuses text in place of a hash', () => {
    const ajv = new Ajv2020({ strict: true });
    addFormatsImport.default(ajv);
    const schema = reportJsonSchema();
    const validate = ajv.compile({ $defs: schema['$defs'], $ref: '#/$defs/catalogFingerprints' });
    expect(validate(copyCatalogFingerprints({ complete: true, tools: [FULL] }))).toBe(true);
    expect(validate({ complete: true, tools: [{ ...FULL, description: 'free text' }] })).toBe(false);
    expect(validate({ complete: true, tools: [{ ...FULL, annotations: { title: 'x' } }] })).toBe(false);
  });
});
