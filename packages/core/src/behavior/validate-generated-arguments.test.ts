import { describe, expect, it } from 'vitest';

import { prepareInputSchema } from './input-schema.js';
import { validateGeneratedArguments } from './validate-generated-arguments.js';

const closed = prepareInputSchema({
  type: 'object',
  properties: { id: { type: 'string' }, limit: { type: 'integer', minimum: 1 }, mode: { enum: ['a', 'b'] } },
  required: ['id'],
  additionalProperties: false,
});
const open = prepareInputSchema({ type: 'object', properties: { id: { type: 'string' } }, additionalProperties: { type: 'number' } });

describe('validateGeneratedArguments', () => {
  it('names the first problem: missing, hallucinated, wrong type, then any other schema violation', () => {
    expect(validateGeneratedArguments({ id: 'x', limit: 2 }, closed)).toBe('schema-valid');
    expect(validateGeneratedArguments({ limit: 2 }, closed)).toBe('missing-required');
    expect(validateGeneratedArguments({ id: 'x', colour: 'red' }, closed)).toBe('hallucinated-argument');
    expect(validateGeneratedArguments({ id: 7 }, closed)).toBe('type-mismatch');
    expect(validateGeneratedArguments({ id: 'x', limit: 1.5 }, closed)).toBe('type-mismatch');
    expect(validateGeneratedArguments({ id: 'x', mode: 'c' }, closed)).toBe('type-mismatch');
    expect(validateGeneratedArguments({ id: 'x', limit: 0 }, closed)).toBe('type-mismatch');
    expect(validateGeneratedArguments(['x'], closed)).toBe('type-mismatch');
    expect(validateGeneratedArguments(null, closed)).toBe('type-mismatch');
  });

  it('calls an undeclared name hallucinated only on a closed schema: without additionalProperties it is allowed', () => {
    const unstated = prepareInputSchema({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] });
    expect(validateGeneratedArguments({ id: 'x', extra: 3 }, unstated)).toBe('schema-valid');
    const patterned = prepareInputSchema({
      type: 'object',
      properties: { id: {} },
      additionalProperties: false,
      patternProperties: { '^x-': {} },
    });
    expect(validateGeneratedArguments({ id: 'x', 'x-trace': 1 }, patterned)).toBe('schema-valid');
  });

  it('lets an open-ended schema take undeclared names, judged by the compiled schema', () => {
    expect(validateGeneratedArguments({ id: 'x', extra: 3 }, open)).toBe('schema-valid');
    expect(validateGeneratedArguments({ id: 'x', extra: 'three' }, open)).toBe('type-mismatch');
  });
});
