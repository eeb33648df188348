import { describe, expect, it } from 'vitest';

import { checks } from '../checks/index.js';
import { parseManifest } from './parse-manifest.js';

const CASES = 'cases:\n  - { id: c, probe: pagination }\n';

function parse(server: string): ReturnType<typeof parseManifest> {
  return parseManifest(`version: 1\nserver:\n${server}${CASES}`, 'm.yaml', checks);
}

describe('server.pass_env', () => {
  it('names parent variables for a stdio server, kept as written', () => {
    const parsed = parse('  stdio: { command: node }\n  pass_env: [HTTPS_PROXY, npm_config_registry]\n');
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
    expect(parsed.manifest.server).toMatchObject({ transport: 'stdio', passEnv: ['HTTPS_PROXY', 'npm_config_registry'] });
  });

  it('is absent when not written', () => {
    const parsed = parse('  stdio: { command: node }\n');
    expect(parsed.ok && 'passEnv' in parsed.manifest.server).toBe(false);
  });

  it.each([
    ['a name that is not a variable name', '  stdio: { command: node }\n  pass_env: ["A=B"]\n'],
    ['a name twice', '  stdio: { command: node }\n  pass_env: [A, A]\n'],
    ['more than 64 names', `  stdio: { command: node }\n  pass_env: [${Array.from({ length: 65 }, (_, i) => `V${i}`).join(', ')}]\n`],
    ['an HTTP server, which has no process to pass them to', '  http: { url: "http://127.0.0.1:1/mcp" }\n  pass_env: [A]\n'],
  ])('refuses %s', (_why, server) => {
    expect(parse(server).ok).toBe(false);
  });

  it('says where, for an HTTP server', () => {
    const parsed = parse('  http: { url: "http://127.0.0.1:1/mcp" }\n  pass_env: [A]\n');
    expect(parsed.ok ? [] : parsed.errors.map((e) => `${e.line}:${e.column} ${e.message}`)).toEqual([
      '4:13 `pass_env` in `server` is not allowed here',
    ]);
  });
});
