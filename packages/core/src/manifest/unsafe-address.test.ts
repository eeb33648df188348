import { describe, expect, it } from 'vitest';

import { checks } from '../checks/index.js';
import { parseManifest } from './parse-manifest.js';

const HEAD = `version: 1
server:
  stdio: { command: node, args: [server.js] }
cases:
`;

function errorsOf(text: string): string[] {
  const result = parseManifest(text, 'm.yaml', checks);
  if (result.ok) throw new Error('expected errors, the manifest was accepted');
  return result.errors.map((e) => `${e.line}:${e.column}: ${e.message}`);
}

const TOKENS = /must not contain a `__proto__`, `constructor` or `prototype` token/;

describe('addresses that would reach a prototype are refused at validation, located', () => {
  it.each([
    [
      'payload-bounds field (a pointer)',
      '  - { id: p, probe: payload-bounds, tool: t, arguments: {}, length: 9, field: /__proto__/nextCursor }\n',
      '5:79',
      /`field` in case `p`/,
    ],
    [
      'payload-bounds field (a plain name)',
      '  - id: p\n    probe: payload-bounds\n    tool: t\n    arguments: {}\n    length: 9\n    field: constructor\n',
      '10:12',
      /`field` in case `p`/,
    ],
    [
      'error_code_pointer',
      '  - id: e\n    dimension: error-honesty\n    tool: t\n    arguments: {}\n    expect_retryable: false\n    error_code_pointer: /error/constructor/prototype\n',
      '10:25',
      /`error_code_pointer` in case `e`/,
    ],
    [
      'retryable_pointer',
      '  - id: e\n    dimension: error-honesty\n    tool: t\n    arguments: {}\n    expect_retryable: false\n    retryable_pointer: /prototype\n',
      '10:24',
      /`retryable_pointer` in case `e`/,
    ],
    [
      'expect.fields',
      '  - id: f\n    probe: instruction-fidelity\n    tool: t\n    arguments: {}\n    expect: { fields: [ok, /a/__proto__] }\n',
      '9:28',
      /`expect.fields\[1\]` in case `f`/,
    ],
    [
      'expect.values keys',
      '  - id: f\n    probe: instruction-fidelity\n    tool: t\n    arguments: {}\n    expect:\n      values: { /__proto__/x: 1 }\n',
      '10:17',
      /key `\/__proto__\/x`/,
    ],
  ])('%s', (_name, yaml, position, subject) => {
    const [first, ...rest] = errorsOf(`${HEAD}${yaml}`);
    expect(rest).toEqual([]);
    expect(first?.startsWith(`${position}: `), first).toBe(true);
    expect(first).toMatch(subject);
    expect(first).toMatch(TOKENS);
  });

  it('an ordinary pointer with a look-alike token passes', () => {
    const result = parseManifest(
      `${HEAD}  - { id: p, probe: payload-bounds, tool: t, arguments: { a: {} }, length: 9, field: /a/__proto__x }\n`,
      'm.yaml',
      checks,
    );
    expect(result.ok).toBe(true);
  });
});
