import { describe, expect, it } from 'vitest';

import { placeholderArguments } from './placeholder-arguments.js';

describe('placeholderArguments', () => {
  it('fills only required properties, with the plainest value each schema admits', () => {
    const schema = {
      type: 'object',
      required: ['s', 'n', 'i', 'b', 'e', 'c', 'd', 'a', 'o', 'long', 'nullable'],
      properties: {
        s: { type: 'string' },
        n: { type: 'number', exclusiveMinimum: 1.5 },
        i: { type: 'integer', minimum: 3 },
        b: { type: 'boolean' },
        e: { enum: ['x', 'y'] },
        c: { const: 7 },
        d: { type: 'string', default: 'dflt' },
        a: { type: 'array' },
        o: { type: 'object' },
        long: { type: 'string', minLength: 12 },
        nullable: { type: ['null', 'integer'] },
        optional: { type: 'string' },
      },
    };
    expect(placeholderArguments(schema)).toEqual({
      s: 'mcp-eval',
      n: 2.5,
      i: 3,
      b: false,
      e: 'x',
      c: 7,
      d: 'dflt',
      a: [],
      o: {},
      long: 'mcp-eval----',
      nullable: 0,
    });
  });

  it('never builds a huge string, whatever minLength says', () => {
    const args = placeholderArguments({ type: 'object', required: ['s'], properties: { s: { type: 'string', minLength: 1e9 } } });
    expect(String(args.s)).toHaveLength(256);
  });

  it('gives empty arguments for a schema without required properties or no schema at all', () => {
    expect(placeholderArguments({ type: 'object', properties: { a: { type: 'string' } } })).toEqual({});
    expect(placeholderArguments(undefined)).toEqual({});
  });
});
