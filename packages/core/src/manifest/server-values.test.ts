import { describe, expect, it } from 'vitest';

import { expandEnv } from './expand-env.js';
import type { Manifest } from './manifest-types.js';
import { parseManifest } from './parse-manifest.js';
import { testChecks } from './test-support/test-checks.js';

const SECRET = 'canary-5ec2e7-secret';
const CASES = 'cases:\n  - { id: pages, probe: pagination }\n';

function parse(text: string): ReturnType<typeof parseManifest> {
  return parseManifest(text, 'm.yaml', testChecks);
}
function errorsOf(text: string): string[] {
  const result = parse(text);
  if (result.ok) throw new Error('expected errors, the manifest was accepted');
  return result.errors.map((e) => `${e.line}:${e.column}: ${e.message}`);
}
function expanded(text: string, env: Record<string, string>): string[] {
  const result = parse(text);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  const out = expandEnv(result.manifest, env);
  return out.ok ? [] : out.errors.map((e) => `${e.line}:${e.column}: ${e.message}`);
}

describe('server values HTTP or spawn would refuse, before anything connects', () => {
  it.each([
    [
      'a header value with CR LF',
      'server:\n  http:\n    url: http://127.0.0.1:9/mcp\n    headers: { X-Api-Key: "k\\r\\nX-Injected: 1" }\n',
      '5:27: `server.http.headers.X-Api-Key` has a line break (CR or LF), which HTTP forbids in a header value',
    ],
    [
      'a header value with NUL',
      'server:\n  http:\n    url: http://127.0.0.1:9/mcp\n    headers: { X-Api-Key: "k\\0" }\n',
      '5:27: `server.http.headers.X-Api-Key` has a NUL character, which HTTP forbids in a header value',
    ],
    [
      'a header value with another control character',
      'server:\n  http:\n    url: http://127.0.0.1:9/mcp\n    headers: { X-Api-Key: "k\\x1b[2J" }\n',
      '5:27: `server.http.headers.X-Api-Key` has a control character, which HTTP forbids in a header value',
    ],
    [
      'a header value above U+00FF',
      'server:\n  http:\n    url: http://127.0.0.1:9/mcp\n    headers: { X-Api-Key: "k\\u2028" }\n',
      '5:27: `server.http.headers.X-Api-Key` has a character above U+00FF, which an HTTP header value cannot carry',
    ],
    [
      'a header name that is no token',
      'server:\n  http:\n    url: http://127.0.0.1:9/mcp\n    headers: { "X Api": v }\n',
      "5:16: a key in `server.http.headers` is not an HTTP header name (a token: letters, digits and !#$%&'*+.^_`|~-)",
    ],
    [
      'a URL with a line break',
      'server:\n  http:\n    url: "http://127.0.0.1:9/mcp\\r\\n"\n',
      '4:10: `server.http.url` has a control character (CR, LF, NUL, tab or another), which a URL may not',
    ],
    [
      'an argument with NUL',
      'server:\n  stdio: { command: node, args: [server.js, "a\\0b"] }\n',
      '3:45: `server.stdio.args[1]` has a NUL character, which a process cannot receive',
    ],
    [
      'an env value with NUL',
      'server:\n  stdio: { command: node, env: { TOKEN: "a\\0b" } }\n',
      '3:41: `server.stdio.env.TOKEN` has a NUL character, which a process cannot receive',
    ],
    [
      'an env name with =',
      'server:\n  stdio: { command: node, env: { "A=B": x } }\n',
      '3:34: a key in `server.stdio.env` is not an environment variable name (non-empty, no `=` or NUL)',
    ],
  ])('%s: a located error (validate fails too)', (_name, server, error) => {
    expect(errorsOf(`version: 1\n${server}${CASES}`)).toEqual([error]);
  });

  const HTTP = `version: 1\nserver:\n  http:\n    url: http://127.0.0.1:9/mcp\n    headers: { X-Api-Key: "\${env:API_KEY}", Authorization: "Bearer \${env:TOKEN}" }\n${CASES}`;

  it.each([
    ['CR LF', `${SECRET}\r\nX-Injected: 1`, 'has a line break (CR or LF)'],
    ['NUL', `${SECRET}\0`, 'has a NUL character'],
    ['DEL', `${SECRET}\x7f`, 'has a control character'],
  ])('an expanded header value with %s: located at the reference, the secret never in the message', (_name, value, reason) => {
    const errors = expanded(HTTP, { API_KEY: 'fine', TOKEN: value });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^5:68: \`server.http.headers.Authorization\` ${reason.replace(/[()]/g, '\\$&')}`));
    expect(errors.join('\n')).not.toContain(SECRET);
  });

  it('an expanded URL, argument, env value or cwd is checked as well', () => {
    const stdio = `version: 1\nserver:\n  stdio:\n    command: node\n    args: ["--token=\${env:T}"]\n    env: { K: "\${env:T}" }\n    cwd: "\${env:T}"\n${CASES}`;
    const errors = expanded(stdio, { T: `${SECRET}\0` });
    expect(errors.map((e) => e.split(': ')[0])).toEqual(['5:21', '6:16', '7:11']);
    expect(errors.join('\n')).not.toContain(SECRET);
    const url = `version: 1\nserver:\n  http: { url: "http://127.0.0.1:9/\${env:P}" }\n${CASES}`;
    expect(expanded(url, { P: `mcp\n${SECRET}` })).toEqual([
      '3:36: `server.http.url` has a control character (CR, LF, NUL, tab or another), which a URL may not',
    ]);
  });

  it('the caller may name paths its own way (the CLI names its flags)', () => {
    const manifest: Manifest = {
      version: 1,
      file: '<command line>',
      server: {
        transport: 'http',
        url: 'http://127.0.0.1:9/mcp',
        headers: { 'X-Api-Key': `${SECRET}\n` },
        protocol: 'auto',
        timeoutMs: 1000,
      },
      repeat: 1,
      cases: [],
    };
    const result = expandEnv(manifest, {}, { name: (path) => (path[1] === 'headers' ? `--header \`${String(path[2])}\`` : undefined) });
    expect(result.ok ? [] : result.errors.map((e) => e.message)).toEqual([
      '--header `X-Api-Key` has a line break (CR or LF), which HTTP forbids in a header value',
    ]);
  });

  it('ordinary values pass: tabs and Latin-1 in headers, CR and LF in env values', () => {
    const ok = `version: 1\nserver:\n  http:\n    url: http://127.0.0.1:9/mcp\n    headers: { X-A: "a\\tb caf\\u00e9" }\n${CASES}`;
    expect(parse(ok).ok).toBe(true);
    expect(parse(`version: 1\nserver:\n  stdio: { command: node, env: { PEM: "line1\\nline2\\r\\n" } }\n${CASES}`).ok).toBe(true);
  });
});
