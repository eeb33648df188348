import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { UsageError } from '../cli-error.js';
import type { Io } from '../io.js';
import { scratchDir } from '../test-support/run-cli.js';
import { MAX_CONFIG_BYTES, parseConfigServer, readConfigServer } from './from-config.js';
import { targetFromFlags } from './target-from-flags.js';

const SECRET = 's3cret-value-never-printed';
const parse = (config: unknown, name = 'srv'): ReturnType<typeof parseConfigServer> =>
  parseConfigServer(JSON.stringify(config), 'mcp.json', name);

describe('parseConfigServer', () => {
  it('reads a Claude Desktop / Cursor stdio entry and an HTTP entry', () => {
    const config = {
      mcpServers: {
        srv: { command: 'node', args: ['server.js', '--port', '3'], env: { TOKEN: SECRET } },
        remote: { url: 'https://mcp.example.com/mcp', headers: { Authorization: `Bearer ${SECRET}` } },
      },
    };
    expect(parse(config)).toEqual({ transport: 'stdio', command: 'node', args: ['server.js', '--port', '3'], env: { TOKEN: SECRET } });
    expect(parse(config, 'remote')).toEqual({
      transport: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: `Bearer ${SECRET}` },
    });
  });

  it("reads VS Code's `servers` with `type`, ignoring keys that do not change how the server starts", () => {
    const config = {
      inputs: [],
      servers: { srv: { type: 'stdio', command: 'node', disabled: false }, web: { type: 'http', url: 'http://127.0.0.1:1/mcp' } },
    };
    expect(parse(config)).toEqual({ transport: 'stdio', command: 'node', args: [], env: {} });
    expect(parse(config, 'web')).toEqual({ transport: 'http', url: 'http://127.0.0.1:1/mcp', headers: {} });
  });

  it('an unknown server lists the names the file defines', () => {
    const config = { mcpServers: { github: { command: 'a' }, 'file\nsystem': { command: 'b' } }, servers: { memory: { command: 'c' } } };
    expect(() => parse(config, 'gihtub')).toThrow(
      /^--from-config mcp\.json: no server `gihtub`; the file defines `github`, `file\\nsystem`, `memory`$/,
    );
  });

  it.each([
    ['not json', '{"mcpServers": {', /not valid JSON \(at position \d+\)/],
    ['comments', '{"mcpServers": {} // x\n}', /not valid JSON.*comments/],
    ['an array', '[]', /expected a JSON object/],
    ['no server map', '{"servers2": {}}', /no `mcpServers`/],
    ['a map that is not an object', '{"mcpServers": []}', /`mcpServers` must be an object/],
    ['no servers at all', '{"mcpServers": {}}', /the file defines no servers/],
    [
      'a name in both maps',
      '{"mcpServers": {"srv": {"command": "a"}}, "servers": {"srv": {"command": "b"}}}',
      /both `mcpServers` and `servers`/,
    ],
    ['an entry that is not an object', '{"mcpServers": {"srv": "node"}}', /server `srv`: expected an object/],
    ['neither command nor url', '{"mcpServers": {"srv": {"args": []}}}', /expected `command` \(stdio\) or `url`/],
    ['both command and url', '{"mcpServers": {"srv": {"command": "a", "url": "http://x"}}}', /both `command` and `url`/],
    ['an empty command', '{"mcpServers": {"srv": {"command": " "}}}', /`command` must be a non-empty string/],
    ['args not strings', '{"mcpServers": {"srv": {"command": "a", "args": [1]}}}', /`args` must be an array of strings/],
    ['env not strings', `{"mcpServers": {"srv": {"command": "a", "env": {"TOKEN": 1}}}}`, /`env.TOKEN` must be a string/],
    ['headers on stdio', '{"mcpServers": {"srv": {"command": "a", "headers": {}}}}', /apply only to an HTTP server/],
    ['env on http', '{"mcpServers": {"srv": {"url": "http://x", "env": {}}}}', /apply only to a stdio server/],
    ['sse', '{"mcpServers": {"srv": {"type": "sse", "url": "http://x"}}}', /HTTP\+SSE transport\) is not supported/],
    ['an unknown type', '{"servers": {"srv": {"type": "ws", "url": "ws://x"}}}', /`type` must be `stdio` or `http`/],
    ['cwd', '{"mcpServers": {"srv": {"command": "a", "cwd": "/x"}}}', /`cwd` is not supported/],
    ['envFile', '{"servers": {"srv": {"command": "a", "envFile": ".env"}}}', /`envFile` is not supported/],
    [
      'a server defined twice',
      '{"mcpServers": {"srv": {"command": "a"}, "srv": {"command": "sh"}}}',
      /the key `srv` appears twice in one object \(line 1, column 17 and line 1, column 42\); keep one$/,
    ],
    [
      'a key of an entry twice',
      '{"mcpServers": {"srv": {"command": "a",\n "command": "sh"}}}',
      /the key `command` appears twice in one object \(line 1, column 25 and line 2, column 2\)/,
    ],
  ])('%s is a usage error naming the file', (_what, text, message) => {
    expect(() => parseConfigServer(text, 'mcp.json', 'srv')).toThrow(UsageError);
    expect(() => parseConfigServer(text, 'mcp.json', 'srv')).toThrow(message);
    expect(() => parseConfigServer(text, 'mcp.json', 'srv')).toThrow(/^--from-config mcp\.json: /);
  });

  it('never prints an env or header value, even when the value is the problem', () => {
    const bad = [
      { mcpServers: { srv: { command: 'a', env: { TOKEN: { nested: SECRET } } } } },
      { mcpServers: { srv: { url: 'http://x', headers: { Authorization: [SECRET] } } } },
      { mcpServers: { srv: { type: SECRET, url: 'http://x' } } },
    ];
    for (const config of bad) expect(() => parse(config)).toThrow(/^(?!.*s3cret)/s);
  });
});

describe('readConfigServer and targetFromFlags --from-config', () => {
  let dir = '';
  let cleanup: () => Promise<void> = async () => undefined;
  const io = (env: Record<string, string> = {}): Io => ({ stdout: process.stdout, stderr: process.stderr, env, cwd: dir });
  beforeAll(async () => ({ dir, cleanup } = await scratchDir()));
  afterAll(() => cleanup());

  it(`refuses a file over MAX_CONFIG_BYTES (${MAX_CONFIG_BYTES}) and a device that never ends, reading no more than the bound`, () => {
    const big = join(dir, 'big.json');
    writeFileSync(big, `{"mcpServers": {"srv": {"command": "a"}}, "pad": "${'x'.repeat(MAX_CONFIG_BYTES)}"}`);
    expect(() => readConfigServer('big.json', 'srv', dir)).toThrow(/^--from-config big\.json: the file is larger than 1048576 bytes/);
    expect(() => readConfigServer('/dev/zero', 'srv', dir)).toThrow(/larger than 1048576 bytes/);
    const justUnder = join(dir, 'under.json');
    const text = `{"mcpServers": {"srv": {"command": "a"}}, "pad": "`;
    writeFileSync(justUnder, `${text}${'x'.repeat(MAX_CONFIG_BYTES - text.length - 2)}"}`);
    expect(readConfigServer('under.json', 'srv', dir)).toMatchObject({ transport: 'stdio', command: 'a' });
  });

  it('reads a hostile file that nests 500000 levels deep within the bound without overflowing the stack', () => {
    const depth = 500_000;
    writeFileSync(join(dir, 'deep.json'), `{"mcpServers": {"srv": {"command": "a"}}, "deep": ${'['.repeat(depth)}${']'.repeat(depth)}}`);
    expect(readConfigServer('deep.json', 'srv', dir)).toMatchObject({ transport: 'stdio', command: 'a' });
    writeFileSync(
      join(dir, 'deep-entry.json'),
      `{"mcpServers": {"srv": {"command": "a", "args": ${'['.repeat(depth)}${']'.repeat(depth)}}}}`,
    );
    expect(() => readConfigServer('deep-entry.json', 'srv', dir)).toThrow(/`args` must be an array of strings/);
  });

  it('a missing file is a usage error with the file name and the reason', () => {
    expect(() => readConfigServer('nope.json', 'srv', dir)).toThrow(/^--from-config nope\.json: cannot read the file \(ENOENT\)$/);
  });

  it('expands ${env:NAME} by the manifest rules, keeps the reference in `written`, starts in the working directory', () => {
    writeFileSync(
      join(dir, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          local: { command: 'node', args: ['${env:SERVER_JS}'], env: { TOKEN: '${env:TOKEN}', LITERAL: '$${env:KEEP}' } },
          remote: { type: 'http', url: 'http://127.0.0.1:${env:PORT}/mcp', headers: { Authorization: 'Bearer ${env:TOKEN}' } },
        },
      }),
    );
    const env = { SERVER_JS: 'server.js', TOKEN: SECRET, PORT: '8080' };
    const local = targetFromFlags({ fromConfig: 'mcp.json', server: 'local' }, io(env));
    expect(local.target).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['server.js'],
      env: { TOKEN: SECRET, LITERAL: '${env:KEEP}' },
      cwd: dir,
    });
    expect(local.written).toMatchObject({ transport: 'stdio', env: { TOKEN: '${env:TOKEN}' } });
    const remote = targetFromFlags({ fromConfig: 'mcp.json', server: 'remote', timeout: 500 }, io(env));
    expect(remote.target).toEqual({ transport: 'http', url: 'http://127.0.0.1:8080/mcp', headers: { Authorization: `Bearer ${SECRET}` } });
    expect(remote.timeoutMs).toBe(500);
  });

  it.each([
    [{ fromConfig: 'mcp.json' }, /--from-config <file> and --server <name> go together/],
    [{ server: 'local' }, /exactly one of --stdio/],
    [{ fromConfig: 'mcp.json', server: 'local', stdio: 'node s.js' }, /exactly one of --stdio/],
    [{ fromConfig: 'mcp.json', server: 'remote', header: ['A: b'] }, /--header and --env do not apply with --from-config/],
    [{ fromConfig: 'mcp.json', server: 'remote' }, /^--from-config mcp\.json: server `remote`: environment variable `PORT` is not set/],
  ])('%j is a usage error', (flags, message) => {
    expect(() => targetFromFlags(flags, io({ TOKEN: SECRET, SERVER_JS: 's.js' }))).toThrow(message);
  });

  it.each([
    [{ command: 'node', env: { 'BAD NAME': SECRET } }, /every `env` name must be made of letters/],
    [{ url: 'http://127.0.0.1:1/mcp', headers: { 'Bad: Name': SECRET } }, /every `headers` name must be an HTTP header name/],
    [{ url: 'http://127.0.0.1:1/mcp', headers: { 'X-A': SECRET, 'x-a': SECRET } }, /`headers` names one header twice/],
    [{ url: 'ftp://127.0.0.1/mcp' }, /`url` must be an http/],
  ])("the server %j breaks the flags' rules: a usage error without its values", (entry, message) => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ mcpServers: { srv: entry } }));
    expect(() => targetFromFlags({ fromConfig: 'bad.json', server: 'srv' }, io())).toThrow(message);
    expect(() => targetFromFlags({ fromConfig: 'bad.json', server: 'srv' }, io())).toThrow(/^(?!.*s3cret)/s);
  });
});
