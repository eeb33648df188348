import { describe, expect, it } from 'vitest';

import { expandEnv } from './expand-env.js';
import type { Manifest } from './manifest-types.js';
import { parseManifest } from './parse-manifest.js';
import { testChecks } from './test-support/test-checks.js';

const FILE = 'mcp-eval.yaml';
const SECRET = 'canary-5ec2e7-value';

function parsed(text: string): Manifest {
  const result = parseManifest(text, FILE, testChecks);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  return result.manifest;
}

const STDIO = `version: 1
server:
  stdio:
    command: \${env:NODE_BIN}
    args: [server.js, "--token=\${env:TOKEN}", "$\${env:TOKEN} is literal"]
    env: { API_KEY: "\${env:TOKEN}", PLAIN: x }
    cwd: \${env:SERVER_DIR}/srv
cases:
  - id: guess
    dimension: schema-guessability
    tool: \${env:TOOL}
    arguments: { message: "hi \${env:TOKEN}", count: 3, list: ["\${env:TOOL}"] }
`;

const HTTP = `version: 1
server:
  http:
    url: \${env:MCP_URL}
    headers: { Authorization: "Bearer \${env:TOKEN}" }
cases:
  - { id: pages, probe: pagination }
`;

describe('expandEnv', () => {
  it('expands every reference in the server block and in case parameters, and unescapes `$${`', () => {
    const env = { NODE_BIN: '/usr/bin/node', TOKEN: SECRET, SERVER_DIR: '/opt', TOOL: 'echo' };
    const result = expandEnv(parsed(STDIO), env);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.manifest.server).toMatchObject({
      command: '/usr/bin/node',
      args: ['server.js', `--token=${SECRET}`, '${env:TOKEN} is literal'],
      env: { API_KEY: SECRET, PLAIN: 'x' },
      cwd: '/opt/srv',
    });
    expect(result.manifest.cases[0]?.params).toEqual({ tool: 'echo', arguments: { message: `hi ${SECRET}`, count: 3, list: ['echo'] } });
    // Spent: an expanded manifest carries no references to expand twice.
    expect(result.manifest.envReferences).toBeUndefined();
  });

  it('expands an http url and headers', () => {
    const result = expandEnv(parsed(HTTP), { MCP_URL: 'http://127.0.0.1:9/mcp', TOKEN: SECRET });
    expect(result.ok && result.manifest.server).toMatchObject({
      url: 'http://127.0.0.1:9/mcp',
      headers: { Authorization: `Bearer ${SECRET}` },
    });
  });

  it('names each unset variable where it is used (file, line, column of the `${`), never any value', () => {
    const result = expandEnv(parsed(STDIO), { TOKEN: SECRET, TOOL: 'echo' });
    expect(result).toEqual({
      ok: false,
      errors: [
        { file: FILE, line: 4, column: 14, message: 'environment variable `NODE_BIN` is not set (used in `server.stdio.command`)' },
        { file: FILE, line: 7, column: 10, message: 'environment variable `SERVER_DIR` is not set (used in `server.stdio.cwd`)' },
      ],
    });
  });

  it('reports unset variables in headers and case arguments', () => {
    const result = expandEnv(parsed(HTTP), { MCP_URL: 'https://example.com/mcp' });
    expect(!result.ok && result.errors).toEqual([
      { file: FILE, line: 5, column: 39, message: 'environment variable `TOKEN` is not set (used in `server.http.headers.Authorization`)' },
    ]);
    const stdio = expandEnv(parsed(STDIO), { NODE_BIN: 'node', SERVER_DIR: '/', TOOL: 'echo' });
    expect(!stdio.ok && stdio.errors.map((e) => `${e.line}:${e.column} ${e.message}`)).toEqual([
      '5:32 environment variable `TOKEN` is not set (used in `server.stdio.args[1]`)',
      '6:22 environment variable `TOKEN` is not set (used in `server.stdio.env.API_KEY`)',
      '12:31 environment variable `TOKEN` is not set (used in `arguments.message` in case `guess`)',
    ]);
  });

  it('treats a variable set to the empty string as set', () => {
    expect(expandEnv(parsed(HTTP), { MCP_URL: 'http://127.0.0.1:9/mcp', TOKEN: '' }).ok).toBe(true);
  });

  it('rejects a url that is not http(s) once expanded, without echoing it', () => {
    const result = expandEnv(parsed(HTTP), { MCP_URL: `file:///${SECRET}`, TOKEN: SECRET });
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          file: FILE,
          line: 4,
          column: 10,
          message: '`url` in `server.http` must be an http:// or https:// URL with no user:password@ in it once `${env:…}` is expanded',
        },
      ],
    });
  });

  it("checks a model column's base_url and api_key once expanded, at the column, never echoing them", () => {
    const location = { file: FILE, line: 9, column: 5 };
    const column = {
      id: 'gpt',
      provider: 'openai' as const,
      model: 'm',
      temperature: 0,
      maxOutputTokens: 1,
      timeoutMs: 1,
      maxRetries: 0,
      concurrency: 1,
      location,
    };
    const manifest: Manifest = {
      ...parsed(HTTP),
      models: [
        { ...column, baseUrl: '${env:BASE}', apiKey: '${env:KEY}' },
        { ...column, id: 'unset', apiKey: '${env:NOT_SET_HERE}' },
      ],
    };
    const env = {
      MCP_URL: 'http://127.0.0.1:1/mcp',
      TOKEN: 't',
      BASE: `https://u:${SECRET}@api.example.com/v1`,
      KEY: `${SECRET}\r\nX-Injected: 1`,
    };
    const result = expandEnv(manifest, env);
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          ...location,
          message: '`models[0].api_key` has a line break (CR or LF), which HTTP forbids in a header value once `${env:…}` is expanded',
        },
        {
          ...location,
          message: '`models[0].base_url` must be an http:// or https:// URL with no user:password@ in it once `${env:…}` is expanded',
        },
      ],
    });
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(expandEnv(manifest, { ...env, BASE: 'https://api.example.com/v1', KEY: 'sk-fine' }).ok).toBe(true);
  });

  it('never puts a value in a message, whatever fails', () => {
    const results = [expandEnv(parsed(STDIO), { TOKEN: SECRET }), expandEnv(parsed(HTTP), { MCP_URL: SECRET, TOKEN: SECRET })];
    for (const result of results) {
      expect(result.ok).toBe(false);
      expect(JSON.stringify(result)).not.toContain(SECRET);
    }
  });

  it('works on a hand-built manifest: references found by scanning, located at the case', () => {
    const manifest: Manifest = {
      version: 1,
      file: FILE,
      server: { transport: 'stdio', command: 'node', args: [], env: {}, protocol: 'auto', timeoutMs: 10000 },
      repeat: 1,
      cases: [
        {
          id: 'c',
          kind: 'dimension',
          check: 'schema-guessability',
          params: { tool: 'x', arguments: { a: '${env:MISSING}', b: '${oops}' } },
          location: { file: FILE, line: 9, column: 5 },
        },
      ],
    };
    const result = expandEnv(manifest, {});
    expect(!result.ok && result.errors.map((e) => `${e.line}:${e.column} ${e.message}`)).toEqual([
      '9:5 environment variable `MISSING` is not set (used in `arguments.a` in case `c`)',
      '9:5 malformed environment reference `${oops}` in `arguments.b` in case `c` (expected `${env:NAME}` with NAME made of letters, digits and `_`; write `$${` for a literal `${`)',
    ]);
  });

  it('leaves a manifest without references as it was', () => {
    const manifest = parsed(
      `version: 1\nserver:\n  stdio: { command: node, args: ["$5 each"] }\ncases:\n  - { id: p, probe: pagination }\n`,
    );
    const result = expandEnv(manifest, {});
    expect(result.ok && result.manifest.server).toEqual(manifest.server);
    expect(result.ok && result.manifest.cases).toEqual(manifest.cases);
  });
});
