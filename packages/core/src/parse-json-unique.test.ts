import { describe, expect, it } from 'vitest';

import { parseJsonUnique } from './parse-json-unique.js';

describe('parseJsonUnique', () => {
  it('parses strict JSON as JSON.parse does', () => {
    const text = '{"a": {"b": [1, {"c": "x"}]}, "d": "\\"}{,"}';
    expect(parseJsonUnique(text)).toEqual({ ok: true, value: JSON.parse(text) });
  });

  it('refuses a duplicate key, naming it and both places (the second would win in JSON.parse)', () => {
    const text = '{\n  "mcpServers": {\n    "a": {"command": "node"},\n    "a": {"command": "sh"}\n  }\n}';
    expect(parseJsonUnique(text)).toEqual({
      ok: false,
      problem: 'duplicate-key',
      key: 'a',
      first: { line: 3, column: 5 },
      second: { line: 4, column: 5 },
    });
  });

  it('decodes escapes before comparing, as JSON.parse does: "a" and "\\u0061" are one key', () => {
    expect(parseJsonUnique('{"a": 1, "\\u0061": 2}')).toMatchObject({ problem: 'duplicate-key', key: 'a' });
    expect(parseJsonUnique('{"__proto__": 1, "__proto__": 2}')).toMatchObject({ problem: 'duplicate-key', key: '__proto__' });
  });

  it('is not fooled by keys inside strings, by escaped quotes, or by equal keys in different objects', () => {
    expect(parseJsonUnique('{"a": "\\", \\"a\\": 1", "b": {"a": 1}, "c": [{"a": 1}, {"a": 2}]}').ok).toBe(true);
    expect(parseJsonUnique('{"x\\\\": 1, "x": 2}').ok).toBe(true);
    expect(parseJsonUnique('[{"a": 1, "b": [], "a": 2}]')).toMatchObject({
      problem: 'duplicate-key',
      first: { column: 3 },
      second: { column: 20 },
    });
  });

  it('finds a duplicate 100,000 levels deep without recursing', () => {
    const depth = 100_000;
    const text = `${'{"k":'.repeat(depth)}{"a":1,"a":2}${'}'.repeat(depth)}`;
    expect(parseJsonUnique(text)).toMatchObject({ problem: 'duplicate-key', key: 'a' });
  });

  it('reports invalid JSON by position only, never quoting it', () => {
    const result = parseJsonUnique('{"secret": tok}');
    expect(result).toMatchObject({ ok: false, problem: 'not-json' });
    expect(JSON.stringify(result)).not.toContain('tok');
  });
});
