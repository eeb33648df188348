import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';

import { parseSuppressions } from '../reviewed/suppressions-file.js';
import { checkAliasExpansion, MANIFEST_MAX_EXPANDED_BYTES, MANIFEST_MAX_EXPANDED_NODES } from './alias-expansion.js';
import { expandEnv } from './expand-env.js';
import type { Manifest } from './manifest-types.js';
import { parseManifest } from './parse-manifest.js';
import { testChecks } from './test-support/test-checks.js';

const HEAD = `version: 1
server:
  stdio: { command: node, args: [server.js] }
cases:
`;

function errorsOf(text: string): string[] {
  const result = parseManifest(text, 'm.yaml', testChecks);
  if (result.ok) throw new Error('expected errors, the manifest was accepted');
  return result.errors.map((e) => `${e.line}:${e.column}: ${e.message}`);
}

describe('recursive aliases are refused where the alias is', () => {
  it('in a case parameter', () => {
    const yaml = `${HEAD}  - id: g\n    dimension: schema-guessability\n    tool: echo\n    arguments: &r { self: *r }\n`;
    expect(errorsOf(yaml)).toEqual(['8:27: invalid YAML: alias `*r` refers to a node that contains it (a recursive alias)']);
  });

  it('in the server block, nested deeper', () => {
    const yaml = `version: 1\nserver:\n  stdio:\n    command: node\n    env: &e\n      A: x\n      B: [1, { deep: *e }]\ncases: []\n`;
    expect(errorsOf(yaml)).toEqual(['7:22: invalid YAML: alias `*e` refers to a node that contains it (a recursive alias)']);
  });

  it('in a suppression file too', () => {
    const result = parseSuppressions('suppressions: &s [*s]\n', 's.yaml');
    expect(result.ok ? [] : result.errors.map((e) => `${e.line}:${e.column}`)).toEqual(['1:19']);
  });

  it('expandEnv refuses a manifest that contains itself instead of looping (even one parseManifest never saw)', () => {
    const args: Record<string, unknown> = { a: 'x' };
    args.self = args;
    const manifest: Manifest = {
      version: 1,
      file: 'm.yaml',
      server: { transport: 'stdio', command: 'node', args: [], env: {}, protocol: 'auto', timeoutMs: 1000 },
      repeat: 1,
      cases: [
        {
          id: 'g',
          kind: 'dimension',
          check: 'schema-guessability',
          params: { arguments: args },
          location: { file: 'm.yaml', line: 5, column: 5 },
        },
      ],
    };
    const result = expandEnv(manifest, {});
    expect(result.ok ? [] : result.errors.map((e) => `${e.line}:${e.column}: ${e.message}`)).toEqual([
      '5:5: `arguments.self` in case `g` contains itself (a recursive alias)',
    ]);
  });
});

describe('alias expansion is bounded by its expanded size, not by how often an alias is used', () => {
  it('reusing one small anchor 500 times is accepted', () => {
    const refs = Array(500).fill('*v').join(', ');
    const yaml = `${HEAD}  - id: g\n    dimension: schema-guessability\n    tool: echo\n    arguments: { v: &v { n: 1 }, list: [${refs}] }\n`;
    const result = parseManifest(yaml, 'm.yaml', testChecks);
    if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
    const list = (result.manifest.cases[0]?.params.arguments as { list: unknown[] }).list;
    expect(list).toHaveLength(500);
    expect(list[499]).toEqual({ n: 1 });
  });

  it('a billion laughs is refused at its first alias, quickly', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i += 1)
      lines.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(', ')}]`,
      );
    const started = performance.now();
    const errors = errorsOf(`${lines.join('\n')}\n`);
    expect(errors).toEqual([
      `2:8: invalid YAML: aliases expand the document past ${MANIFEST_MAX_EXPANDED_NODES} nodes (the limit on alias expansion; the first alias is here)`,
    ]);
    expect(performance.now() - started).toBeLessThan(5000); // generous: linear work, not 9^12
  });

  it('a large string reused past the byte limit is refused at the first alias', () => {
    const big = 'x'.repeat(64 * 1024);
    const count = Math.ceil(MANIFEST_MAX_EXPANDED_BYTES / big.length) + 1;
    const yaml = `${HEAD}  - id: g\n    dimension: schema-guessability\n    tool: echo\n    arguments:\n      big: &b ${big}\n      list: [${Array(count).fill('*b').join(', ')}]\n`;
    expect(errorsOf(yaml)).toEqual([
      `10:14: invalid YAML: aliases expand the document past ${MANIFEST_MAX_EXPANDED_BYTES} bytes of text (the limit on alias expansion; the first alias is here)`,
    ]);
  });

  it('counts exactly: nodes and bytes of the document as if aliases were copies', () => {
    const doc = parseDocument('a: &a [xy, z]\nb: [*a, *a]\n');
    expect(checkAliasExpansion(doc, { maxNodes: 1000, maxBytes: 1000 })).toBeUndefined();
    // map 1 + pair a (key 1 + seq 3) + pair b (key 1 + seq 1 + 2 × 3) = 1 + 5 + 9 = 15 nodes
    expect(checkAliasExpansion(doc, { maxNodes: 14, maxBytes: 1000 })).toMatchObject({ kind: 'too-large', nodes: 15, offset: 18 });
    // a b xy z xy z xy z = 1 + 1 + 3 × 3 = 11 bytes
    expect(checkAliasExpansion(doc, { maxNodes: 1000, maxBytes: 10 })).toMatchObject({ kind: 'too-large', bytes: 11 });
  });
});
