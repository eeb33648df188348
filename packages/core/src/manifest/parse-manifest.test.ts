import { describe, expect, it } from 'vitest';

import { parseManifest } from './parse-manifest.js';
import type { Manifest } from './manifest-types.js';
import { EXAMPLE_MANIFEST } from './test-support/example-manifest.js';
import { testChecks } from './test-support/test-checks.js';

const FILE = 'suite/mcp-eval.yaml';

/** A valid manifest head; tests append cases or replace parts. */
const HEAD = `version: 1
server:
  stdio: { command: node, args: [server.js] }
cases:
`;

function parseOk(text: string): Manifest {
  const result = parseManifest(text, FILE, testChecks);
  if (!result.ok)
    throw new Error(`expected a valid manifest, got:\n${result.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n')}`);
  return result.manifest;
}

describe('parseManifest accepts', () => {
  it('the example manifest, typed, with defaults and case locations', () => {
    const manifest = parseOk(EXAMPLE_MANIFEST);
    expect(manifest.version).toBe(1);
    expect(manifest.file).toBe(FILE);
    expect(manifest.server).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['server.js'],
      env: { LOG_LEVEL: 'warn' },
      cwd: '.',
      protocol: 'auto',
      timeoutMs: 10000,
    });
    expect(manifest.sandbox).toEqual({ name: 'scratch-copy' });
    expect(manifest.repeat).toBe(1);
    expect(manifest.cases.map((c) => [c.id, c.kind, c.check, c.location.line, c.location.column])).toEqual([
      ['catalog-budget', 'dimension', 'discovery-cost', 10, 5],
      ['echo-guessable', 'dimension', 'schema-guessability', 14, 5],
      ['missing-item-is-honest', 'dimension', 'error-honesty', 18, 5],
      ['restore-after-delete', 'dimension', 'state-recovery', 24, 5],
      ['concurrent-sum', 'dimension', 'contention', 29, 5],
      ['token-budget', 'probe', 'token-cost', 33, 5],
    ]);
    expect(manifest.cases[0]?.location.file).toBe(FILE);
    expect(manifest.cases[1]?.params).toEqual({ tool: 'echo', arguments: { message: 'hello' } });
    // Defaults from the check's own schema, also through a `$ref`.
    expect(manifest.cases[4]?.params).toEqual({ tool: 'get-sum', arguments: { a: 1, b: 2 }, clients: 2 });
    expect(manifest.cases[3]?.params.failure).toEqual({ tool: 'get_item', arguments: { id: 'a' }, mutating: false });
    expect(manifest.cases[3]?.params.recovery).toEqual({ tool: 'create_item', arguments: { id: 'a' }, mutating: true });
  });

  it('applies the top-level defaults: protocol auto, timeout 10000, repeat 1, empty args and env', () => {
    const manifest = parseOk(`version: 1
server:
  stdio: { command: ./server }
cases:
  - { id: pages, probe: pagination, gate: soft }
`);
    expect(manifest.server).toEqual({ transport: 'stdio', command: './server', args: [], env: {}, protocol: 'auto', timeoutMs: 10000 });
    expect(manifest.repeat).toBe(1);
    expect(manifest.sandbox).toBeUndefined();
    expect(manifest.cases[0]).toMatchObject({ id: 'pages', kind: 'probe', gate: 'soft', params: { max_pages: 100 } });
  });

  it('an http server with headers, a pinned protocol and a timeout', () => {
    const manifest = parseOk(`version: 1
server:
  http: { url: "http://127.0.0.1:3000/mcp", headers: { Authorization: "Bearer \${env:TOKEN}" } }
  protocol: 2026-07-28
  timeout_ms: 2500
repeat: 3
cases:
  - { id: budget, dimension: discovery-cost, max_tools: 5, max_schema_bytes: 1000 }
`);
    expect(manifest.server).toEqual({
      transport: 'http',
      url: 'http://127.0.0.1:3000/mcp',
      headers: { Authorization: 'Bearer ${env:TOKEN}' },
      protocol: '2026-07-28',
      timeoutMs: 2500,
    });
    expect(manifest.repeat).toBe(3);
  });

  it('records where each ${env:…} is, in manifest terms, at the `${` itself', () => {
    const manifest = parseOk(`version: 1
server:
  stdio:
    command: \${env:NODE_BIN}
    args: [server.js, "--token=\${env:TOKEN}"]
    env: { HOME_DIR: "$\${env:HOME} stays literal" }
cases:
  - id: guess
    dimension: schema-guessability
    tool: echo
    arguments:
      message: |
        hello \${env:GREETING} and \${env:NAME}
`);
    expect(manifest.envReferences).toEqual([
      { name: 'NODE_BIN', path: ['server', 'command'], location: { file: FILE, line: 4, column: 14 } },
      { name: 'TOKEN', path: ['server', 'args', 1], location: { file: FILE, line: 5, column: 32 } },
      { name: 'GREETING', path: ['cases', 0, 'params', 'arguments', 'message'], location: { file: FILE, line: 13, column: 15 } },
      { name: 'NAME', path: ['cases', 0, 'params', 'arguments', 'message'], location: { file: FILE, line: 13, column: 35 } },
    ]);
  });

  it('a leading byte-order mark does not shift columns', () => {
    const manifest = parseOk(`\uFEFF${HEAD}  - { id: budget, dimension: discovery-cost, max_tools: 5, max_schema_bytes: 1000 }\n`);
    // A flow mapping's location is its `{`.
    expect(manifest.cases[0]?.location).toEqual({ file: FILE, line: 5, column: 5 });
  });

  it('does not require referenced variables to be set (expansion does)', () => {
    expect(
      parseManifest(`version: 1\nserver:\n  http: { url: "\${env:MCP_URL}" }\ncases:\n  - { id: p, probe: pagination }\n`, FILE, testChecks)
        .ok,
    ).toBe(true);
  });
});
