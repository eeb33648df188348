import { describe, expect, it } from 'vitest';

import { runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';

const VALID = `version: 1
server:
  http: { url: "http://127.0.0.1:1/mcp", headers: { Authorization: "Bearer \${env:MCP_EVAL_TEST_TOKEN}" } }
cases:
  - id: catalog
    dimension: discovery-cost
    max_tools: 40
    max_schema_bytes: 65536
    budget: { catalog_bytes: 0.1 }
  - id: tokens
    probe: token-cost
    max_total_tokens: 4000
`;

describe('mcp-eval validate', () => {
  it('accepts a valid manifest without connecting: ok: N cases, exit 0', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      await writeManifest(dir, VALID);
      const result = await runCli(['validate'], { cwd: dir, env: { MCP_EVAL_TEST_TOKEN: 'x' } });
      expect(result).toMatchObject({ code: 0, stdout: 'ok: 2 cases in mcp-eval.yaml\n', stderr: '' });
    } finally {
      await cleanup();
    }
  });

  it('warns about an unset ${env:…} variable, located, and still exits 0', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      await writeManifest(dir, VALID, 'm.yaml');
      const result = await runCli(['validate', 'm.yaml'], { cwd: dir });
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('ok: 2 cases in m.yaml\n');
      expect(result.stderr).toMatch(/^m\.yaml:3:\d+: warning: environment variable `MCP_EVAL_TEST_TOKEN` is not set/);
    } finally {
      await cleanup();
    }
  });

  it('with --require-env, an unset variable is an error: exit 2', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      await writeManifest(dir, VALID, 'm.yaml');
      const result = await runCli(['validate', 'm.yaml', '--require-env'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^m\.yaml:3:\d+: environment variable `MCP_EVAL_TEST_TOKEN` is not set/);
    } finally {
      await cleanup();
    }
  });

  it.each([
    [
      'an unknown key',
      `version: 1\nserver:\n  stdio: { command: node }\ncases:\n  - { id: a, dimension: discovery-cost, max_tool: 1, max_schema_bytes: 1 }\n`,
      /bad\.yaml:5:41: unknown key `max_tool`/,
    ],
    [
      'a budget typo',
      `version: 1\nserver:\n  stdio: { command: node }\ncases:\n  - { id: a, dimension: discovery-cost, max_tools: 1, max_schema_bytes: 1, budget: { catalogBytes: 1 } }\n`,
      /^bad\.yaml:5:\d+: .*unknown key `catalogBytes`/,
    ],
    ['malformed YAML', `version: 1\nserver: [\n`, /^bad\.yaml:\d+:\d+: invalid YAML/],
  ])('rejects %s with file:line:column and exit 2, no stack trace', async (_name, yaml, message) => {
    const { dir, cleanup } = await scratchDir();
    try {
      await writeManifest(dir, yaml, 'bad.yaml');
      const result = await runCli(['validate', 'bad.yaml'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/\bat .*\.js:\d+/);
    } finally {
      await cleanup();
    }
  });

  it('a missing manifest: exit 2, located at 1:1', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const result = await runCli(['validate'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^mcp-eval\.yaml:1:1: cannot read the manifest/);
    } finally {
      await cleanup();
    }
  });

  it('accepts the demo manifest', async () => {
    const result = await runCli(['validate', '../../examples/demo/mcp-eval.yaml']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ok: \d+ cases in /);
  });

  it('quotes an unknown key escaped: a control sequence or bidi override in it cannot reach the terminal', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      await writeManifest(dir, `${VALID}"evil\\e[2K\\e[1A\\u202ekey": 1\n`, 'bad.yaml');
      const result = await runCli(['validate', 'bad.yaml'], { cwd: dir, env: { MCP_EVAL_TEST_TOKEN: 'x' } });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('unknown key `evil\\x1b[2K\\x1b[1A\\u202ekey` at the top level');
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      expect(result.stderr).not.toMatch(/[\u001b\u202e]/u);
    } finally {
      await cleanup();
    }
  });
});
