import { startHttpFixture } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { createConnector } from './connector.js';

/** This process's open sockets and timers (the fixture server runs in a child, so these are the client's). */
function clientResources(): { sockets: number; timers: number } {
  const info = process.getActiveResourcesInfo();
  return { sockets: info.filter((name) => name === 'TCPSocketWrap').length, timers: info.filter((name) => name === 'Timeout').length };
}

describe('the HTTP client on close', () => {
  it.each(['2026-07-28', '2025-11-25'] as const)('leaves no socket or timer behind (%s)', async (protocol) => {
    const server = await startHttpFixture('reference');
    try {
      const before = clientResources();
      const connection = await createConnector({ transport: 'http', url: server.url }, { protocol }).connect();
      for (let i = 0; i < 3; i += 1) {
        const exchange = await connection.request('tools/call', { name: 'echo', arguments: { message: 'hi' } });
        expect(exchange.outcome).toBe('result');
      }
      // The keep-alive socket is open between requests: what close must end.
      expect(clientResources().sockets).toBeGreaterThan(before.sockets);
      await connection.close();
      expect(clientResources()).toEqual(before);
    } finally {
      await server.close();
    }
  });
});
