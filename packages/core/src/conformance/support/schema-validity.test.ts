import { describe, expect, it } from 'vitest';

import { SchemaChecker } from './schema-validity.js';

describe('SchemaChecker', () => {
  const checker = new SchemaChecker();

  it('reads a schema without $schema as 2020-12, and knows 2019-09 and draft-07', () => {
    expect(checker.check({ type: 'object', properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { type: 'string' } } }, true)).toEqual({
      ok: true,
    });
    expect(checker.check({ $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object' }, true)).toEqual({ ok: true });
    expect(
      checker.check(
        {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          definitions: { a: {} },
          properties: { a: { $ref: '#/definitions/a' } },
        },
        true,
      ),
    ).toEqual({ ok: true });
  });

  it('tells an unresolvable $ref from an invalid schema', () => {
    expect(checker.check({ type: 'object', properties: { a: { $ref: '#/$defs/none' } } }, true)).toEqual({
      ok: false,
      problem: 'unresolved-ref',
    });
    expect(checker.check({ type: 'object', properties: { a: { $ref: 'https://example.invalid/remote.json' } } }, true)).toEqual({
      ok: false,
      problem: 'unresolved-ref',
    });
    expect(checker.check({ type: 'object', properties: { a: { type: 'strnig' } } }, true)).toEqual({ ok: false, problem: 'invalid' });
    expect(checker.check({ type: 'object', required: 'a' }, true)).toEqual({ ok: false, problem: 'invalid' });
  });

  it('requires an object root only where asked, and an object schema always', () => {
    expect(checker.check({ type: 'string' }, true)).toEqual({ ok: false, problem: 'not-object' });
    expect(checker.check({ type: 'string' }, false)).toEqual({ ok: true });
    expect(checker.check(undefined, true)).toEqual({ ok: false, problem: 'missing' });
    expect(checker.check(true, false)).toEqual({ ok: false, problem: 'missing' });
  });

  it('tolerates unknown keywords and formats, and lets two tools share an $id', () => {
    expect(
      checker.check({ type: 'object', 'x-mcp-header': 'X', properties: { d: { type: 'string', format: 'no-such-format' } } }, true),
    ).toEqual({ ok: true });
    expect(checker.check({ $id: 'https://example.invalid/shared.json', type: 'object' }, true)).toEqual({ ok: true });
    expect(checker.check({ $id: 'https://example.invalid/shared.json', type: 'object' }, true)).toEqual({ ok: true });
  });

  it('does not judge a dialect it cannot validate', () => {
    expect(checker.check({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' }, true)).toEqual({ ok: 'unknown-dialect' });
  });
});
