import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import type { Manifest } from './manifest-types.js';
import { resolveServerCwd } from './resolve-server-cwd.js';

function manifest(file: string, cwd?: string): Manifest {
  const server = { transport: 'stdio', command: 'node', args: [], env: {}, protocol: 'auto', timeoutMs: 10000 } as const;
  return { version: 1, file, server: cwd === undefined ? server : { ...server, cwd }, repeat: 1, cases: [] };
}

describe('resolveServerCwd', () => {
  it.each([
    ['no cwd: the manifest directory', 'suite/mcp-eval.yaml', undefined, '/work/suite'],
    ['a relative cwd: against the manifest directory', 'suite/mcp-eval.yaml', '../server', '/work/server'],
    ['`.`: the manifest directory', 'suite/mcp-eval.yaml', '.', '/work/suite'],
    ['an absolute cwd: as written', 'suite/mcp-eval.yaml', '/srv/mcp', '/srv/mcp'],
    ['an absolute manifest path: base ignored', '/etc/mcp/mcp-eval.yaml', 'bin', '/etc/mcp/bin'],
    ['a manifest in the base directory', 'mcp-eval.yaml', undefined, '/work'],
  ])('%s', (_name, file, cwd, expected) => {
    expect(resolveServerCwd(manifest(file, cwd), '/work')).toBe(resolve(expected));
  });

  it('defaults the base to the process working directory', () => {
    expect(resolveServerCwd(manifest('mcp-eval.yaml'))).toBe(process.cwd());
  });
});
