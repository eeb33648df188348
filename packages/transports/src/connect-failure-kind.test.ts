import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';

import { ConnectError } from '@mcp-eval/protocol';
import { afterEach, describe, expect, it } from 'vitest';

import { createConnector } from './connector.js';
import type { Target } from './target.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function connectError(target: Target): Promise<ConnectError> {
  const error: unknown = await createConnector(target, { timeoutMs: 5000 })
    .connect()
    .then(
      async (connection) => connection.close(),
      (caught: unknown) => caught,
    );
  expect(error).toBeInstanceOf(ConnectError);
  return error as ConnectError;
}

/** A loopback port that was free a moment ago and has nothing listening now. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A loopback HTTP server that answers every request with `status` and a short HTML body. */
async function answering(status: number): Promise<string> {
  const server = createHttpServer((_req, res) => res.writeHead(status, { 'content-type': 'text/html' }).end('<h1>no</h1>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/mcp`;
}

describe('a connection that could not be opened is named for what happened', () => {
  it('nothing listening at the port is refused, with no measurements', async () => {
    const error = await connectError({ transport: 'http', url: `http://127.0.0.1:${String(await closedPort())}/mcp` });
    expect(error.kind).toBe('refused');
    expect(error.measurements()).toEqual({});
  });

  it('a 401 is http-status, its number a measurement', async () => {
    const error = await connectError({ transport: 'http', url: await answering(401) });
    expect(error.kind).toBe('http-status');
    expect(error.measurements()).toEqual({ httpStatus: 401 });
  });

  it('a stdio server that exits 1 at start is process-exit, its exit code a measurement', async () => {
    const error = await connectError({ transport: 'stdio', command: process.execPath, args: ['-e', 'process.exit(1)'] });
    expect(error.kind).toBe('process-exit');
    expect(error.measurements()).toEqual({ exitCode: 1 });
  });

  it('a stdio server killed by a signal at start carries the signal number', async () => {
    const error = await connectError({
      transport: 'stdio',
      command: process.execPath,
      args: ['-e', "process.kill(process.pid, 'SIGKILL')"],
    });
    expect(error.kind).toBe('process-exit');
    expect(error.measurements()).toEqual({ signal: 9 });
  });
});

describe('a port fetch never connects to', () => {
  it('is blocked-port, not a crash: nothing was sent', async () => {
    // Port 9 (discard) is on the Fetch standard's bad-port list: the client refuses it before connecting.
    const error = await connectError({ transport: 'http', url: 'http://127.0.0.1:9/mcp' });
    expect(error.kind).toBe('blocked-port');
  });
});
