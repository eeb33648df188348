import { CANARY } from '@mcp-eval/fixture-servers';
import { ConnectError } from '@mcp-eval/protocol';
import { describe, expect, it } from 'vitest';

import { createConnector } from './connector.js';
import { runningChildrenOf } from './test-support/processes.js';

/** A server that writes the canary to stderr and ends before answering anything. */
function dying(end: string): { transport: 'stdio'; command: string; args: string[] } {
  return {
    transport: 'stdio',
    command: process.execPath,
    args: ['-e', `process.stderr.write(${JSON.stringify(`${CANARY}\n`)}, () => { ${end} })`],
  };
}

async function connectError(target: Parameters<typeof createConnector>[0], timeoutMs = 5000): Promise<ConnectError> {
  const error: unknown = await createConnector(target, { timeoutMs })
    .connect()
    .then(
      async (connection) => connection.close(),
      (caught: unknown) => caught,
    );
  expect(error).toBeInstanceOf(ConnectError);
  return error as ConnectError;
}

describe('a stdio server that never finished its handshake', () => {
  it('says it exited with code 3 after writing stderr, keeping the text out of the message and fields', async () => {
    const error = await connectError(dying('process.exit(3)'));
    expect(error.kind).toBe('process-exit');
    expect(error.serverExit).toEqual({ exitCode: 3, signal: null, stderrBytes: Buffer.byteLength(`${CANARY}\n`) });
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(CANARY);
    // Only the explicit accessor hands the (capped) text out, for `explain --show-server-text`.
    expect(error.stderrText()).toBe(`${CANARY}\n`);
  });

  it('says it was killed by a signal', async () => {
    const error = await connectError(dying("process.kill(process.pid, 'SIGKILL')"));
    expect(error.serverExit).toMatchObject({ exitCode: null, signal: 'SIGKILL' });
  });

  it('reports neither code nor signal for a server still running at the handshake timeout (MCP Eval ended it)', async () => {
    const error = await connectError({ transport: 'stdio', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] }, 300);
    expect(error.kind).toBe('timeout');
    expect(error.serverExit).toEqual({ exitCode: null, signal: null, stderrBytes: 0 });
    expect(runningChildrenOf(process.pid)).toEqual([]);
  });

  it('carries no exit for a command that could not be started', async () => {
    const error = await connectError({ transport: 'stdio', command: '/nonexistent/mcp-eval-server' });
    expect(error.kind).toBe('spawn-failed');
    expect(error.serverExit).toBeUndefined();
  });
});
