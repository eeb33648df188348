import { describe, expect, it } from 'vitest';
import type { JsonObject } from '@mcp-eval/protocol';
import type { ArgumentExpectations } from './judge-arguments.js';
import { judgeArguments } from './judge-arguments.js';
import { prepareInputSchema } from './input-schema.js';

const schema = prepareInputSchema({
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^[A-Z]-\\d+$' },
    verbose: { type: 'boolean' },
    state: { type: 'string', enum: ['open', 'closed'] },
    limit: { type: ['integer', 'null'] },
  },
  required: ['id'],
  additionalProperties: false,
});
const expected: ArgumentExpectations = { id: { match: 'exact', value: 'A-17' }, verbose: { match: 'absent' } };

describe('judgeArguments', () => {
  it('passes a call that matches every mode and the schema', () => {
    expect(judgeArguments({ id: 'A-17' }, expected, schema)).toBe('args-match');
    expect(judgeArguments({ id: 'A-17', limit: 3, state: 'open' }, expected, schema)).toBe('args-match');
  });

  it('gives each failure its label', () => {
    expect(judgeArguments({}, expected, schema)).toBe('missing-required');
    expect(judgeArguments({ id: 'A-17', colour: 'red' }, expected, schema)).toBe('unexpected-argument');
    expect(judgeArguments({ id: 17 }, expected, schema)).toBe('type-mismatch');
    expect(judgeArguments({ id: 'A-17', limit: 1.5 }, expected, schema)).toBe('type-mismatch');
    expect(judgeArguments({ id: 'A-17', state: 'pending' }, expected, schema)).toBe('schema-invalid');
    expect(judgeArguments({ id: 'B-18' }, expected, schema)).toBe('value-mismatch');
    expect(judgeArguments({ id: 'A-17', verbose: true }, expected, schema)).toBe('value-mismatch');
    expect(judgeArguments(undefined, expected, schema)).toBe('type-mismatch');
  });

  it('lets the specific label win over schema-invalid and value-mismatch', () => {
    // Missing `id` and an undeclared name: the schema fails too, but the specific label is reported.
    expect(judgeArguments({ colour: 1 }, expected, schema)).toBe('missing-required');
    expect(judgeArguments({ id: 5, colour: 1 }, expected, schema)).toBe('unexpected-argument');
    expect(judgeArguments({ id: 5, state: 'pending' }, expected, schema)).toBe('type-mismatch');
  });

  it('treats a listed argument the schema does not require as required unless optional', () => {
    const listed: ArgumentExpectations = { state: { match: 'one_of', values: ['open'] } };
    expect(judgeArguments({ id: 'A-1' }, listed, schema)).toBe('missing-required');
    expect(judgeArguments({ id: 'A-1' }, { state: { match: 'one_of', values: ['open'], optional: true } }, schema)).toBe('args-match');
  });

  it('accepts undeclared names when the schema is open-ended', () => {
    const open = prepareInputSchema({ type: 'object', properties: { id: { type: 'string' } }, additionalProperties: { type: 'number' } });
    expect(judgeArguments({ id: 'x', n: 1 }, {}, open)).toBe('args-match');
    expect(judgeArguments({ id: 'x', n: 'one' }, {}, open)).toBe('schema-invalid');
  });

  it('neither hangs nor throws on a hostile schema', () => {
    const started = Date.now();
    const redos = prepareInputSchema({ type: 'object', properties: { q: { type: 'string', pattern: '^(a+)+$' } } });
    // The schema's own regex times out on the worker: the schema cannot be judged on it, so it passes.
    expect(judgeArguments({ q: `${'a'.repeat(4000)}!` }, {}, redos)).toBe('args-match');
    expect(Date.now() - started).toBeLessThan(5000);

    let deep: JsonObject = { type: 'string' };
    for (let i = 0; i < 10_000; i += 1) deep = { type: 'object', properties: { x: deep } };
    const tooDeep = prepareInputSchema({ type: 'object', properties: { x: deep }, required: ['x'] });
    expect(tooDeep.validate).toBeUndefined();
    expect(judgeArguments({}, {}, tooDeep)).toBe('missing-required');

    const broken = prepareInputSchema({
      type: 'object',
      properties: { a: { $ref: 'https://127.0.0.1:1/none.json' } },
      required: 7,
    } as never);
    expect(broken.validate).toBeUndefined();
    expect(judgeArguments({ a: 1 }, {}, broken)).toBe('args-match');
    expect(prepareInputSchema({ $schema: 'https://example.invalid/unknown', type: 'object' }).validate).toBeUndefined();
  });

  it('calls a value nested past the depth bound schema-invalid', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200; i += 1) deep = { d: deep };
    const open = prepareInputSchema({ type: 'object', additionalProperties: true });
    expect(judgeArguments({ d: deep } as never, {}, open)).toBe('schema-invalid');
  });
});
