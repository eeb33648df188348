import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { inScratch, runCli } from '../test-support/run-cli.js';

/** A loopback port that was free a moment ago and has nothing listening now. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('a server that cannot be reached is one line on the console, as its condition', () => {
  it('scan of a closed port: connection refused, no row per case, no "evaluator error", exit 4', async () => {
    const result = await runCli(['scan', '--url', `http://127.0.0.1:${String(await closedPort())}/mcp`]);
    expect(result.code).toBe(4);
    expect(result.stdout).toMatch(/^server unreachable: connection refused; \d+ cases not evaluated$/m);
    expect(result.stdout).not.toContain('connect-failed');
    expect(result.stdout).not.toContain('evaluator error');
  });

  it('scan of a server answering 401: its status, and no other number', async () => {
    const server = createHttpServer((_req, res) => res.writeHead(401).end('go away'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const result = await runCli(['scan', '--url', `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/mcp`]);
      expect(result.code).toBe(4);
      expect(result.stdout).toContain('server unreachable: the server answered the handshake with an HTTP error status (HTTP 401)');
      expect(result.stdout).not.toContain('go away');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('scan of a stdio server that exits 1 at start: its exit code', async () => {
    const result = await runCli(['scan', '--stdio', `${process.execPath} -e process.exit(1)`]);
    expect(result.code).toBe(4);
    expect(result.stdout).toContain('server unreachable: the server process exited before its handshake (exit code 1)');
  });
});

describe('a server that never answers is waited for once', () => {
  it('scan starts it once in auto mode: one timeout, not one per part or per case', async () => {
    await inScratch(async (dir) => {
      // A shell that notes each start, then becomes a server that reads and never writes a byte.
      const line = ['sh', '-c', 'echo started >> starts.log; exec "$0" "$@"', process.execPath, '-e', 'process.stdin.resume()']
        .map((word) => `'${word.replaceAll("'", "'\\''")}'`)
        .join(' ');
      const result = await runCli(['scan', '--stdio', line, '--timeout', '1000'], { cwd: dir });
      expect(result.code).toBe(4);
      expect(result.stdout).toMatch(/^server unreachable: /m);
      const starts = (await readFile(join(dir, 'starts.log'), 'utf8')).trim().split('\n');
      expect(starts).toHaveLength(1);
    });
  }, 120_000);
});
