import { startHttpFixture } from '@mcp-eval/fixture-servers';
import { ConnectError } from '@mcp-eval/protocol';
import { afterEach, describe, expect, it } from 'vitest';

import { createConnector } from './connector.js';
import { callTool, OpenConnections, outcomeOf } from './test-support/connect.js';

const connections = new OpenConnections();
afterEach(() => connections.closeAll());

const API_KEY = 'redirect-test-secret';

interface Received {
  readonly requests: number;
  readonly apiKeys: number;
  readonly bodyBytes: number;
}

const NOTHING: Received = { requests: 0, apiKeys: 0, bodyBytes: 0 };

/** What the http-redirect fixture's second origin has received so far. */
async function receivedBy(url: string): Promise<Received> {
  return (await (await fetch(new URL('/received', url))).json()) as Received;
}

describe('HTTP redirects are never followed', () => {
  for (const status of [307, 302]) {
    it(`fails a ${String(status)} as http-status with the status measured, sending nothing to the other origin`, async () => {
      const server = await startHttpFixture('http-redirect', { REDIRECT_STATUS: String(status) });
      connections.defer(() => server.close());
      const connection = await connections.connect(
        { transport: 'http', url: server.url, headers: { 'X-Api-Key': API_KEY } },
        { protocol: '2025-11-25' },
      );
      const redirected = await callTool(connection, 'flaw', { secret: API_KEY });
      expect(outcomeOf(redirected)).toBe('http-status');
      expect(redirected.httpStatus).toBe(status);
      expect(outcomeOf(await callTool(connection, 'echo'))).toBe('result');
      // The legacy session's DELETE is redirected too.
      await connection.close();
      expect(await receivedBy(server.url)).toEqual(NOTHING);
    });
  }

  it('fails a handshake answered with a redirect as http-status, sending nothing to the other origin', async () => {
    const server = await startHttpFixture('http-redirect', { REDIRECT_METHOD: 'initialize' });
    connections.defer(() => server.close());
    const error: unknown = await createConnector(
      { transport: 'http', url: server.url, headers: { 'X-Api-Key': API_KEY } },
      { protocol: '2025-11-25' },
    )
      .connect()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).kind).toBe('http-status');
    expect(await receivedBy(server.url)).toEqual(NOTHING);
  });
});
