import { startHttpFixture } from '@mcp-eval/fixture-servers';
import { afterEach, describe, expect, it } from 'vitest';

import { OpenConnections, outcomeOf } from './test-support/connect.js';

const connections = new OpenConnections();
afterEach(() => connections.closeAll());

async function connectTo(protocol: '2026-07-28' | '2025-11-25') {
  const server = await startHttpFixture('reference');
  connections.defer(() => server.close());
  return connections.connect({ transport: 'http', url: server.url }, { protocol });
}

describe('a raw message with a body-less HTTP method', () => {
  it('sends a GET without a body and answers with its status', async () => {
    const server = await startHttpFixture('sloppy-modern');
    connections.defer(() => server.close());
    const connection = await connections.connect({ transport: 'http', url: server.url }, { protocol: '2026-07-28' });
    const get = await connection.sendRaw({ body: {}, httpMethod: 'GET', headers: { accept: 'text/event-stream' } });
    // sloppy-modern's endpoint is POST-only: 405 for anything else.
    expect(outcomeOf(get)).toBe('http-status');
    expect(get.httpStatus).toBe(405);
    expect(get.requestBytes).toBe(0);
    // The connection is still usable: nothing was left half-read.
    expect((await connection.request('tools/list')).outcome).toBe('result');
  });

  it('sends a sessionless GET on a 2026-07-28 connection (the reference routes it to its legacy leg: 400)', async () => {
    const connection = await connectTo('2026-07-28');
    const get = await connection.sendRaw({ body: {}, httpMethod: 'GET', headers: { accept: 'text/event-stream' } });
    expect([outcomeOf(get), get.httpStatus]).toEqual(['http-status', 400]);
  });

  it('returns at once from a GET that opens a never-ending SSE stream (legacy session), unread', async () => {
    const connection = await connectTo('2025-11-25');
    const started = performance.now();
    const get = await connection.sendRaw({ body: {}, httpMethod: 'GET', headers: { accept: 'text/event-stream' } });
    expect(get).toMatchObject({ outcome: 'result', result: {}, httpStatus: 200, responseBytes: 0 });
    expect(get.responseHeaders?.['content-type']).toMatch(/^text\/event-stream/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('without httpMethod still POSTs the body', async () => {
    const connection = await connectTo('2025-11-25');
    const ping = await connection.sendRaw({ body: { jsonrpc: '2.0', id: 'p-1', method: 'ping', params: {} } });
    expect(ping).toMatchObject({ outcome: 'result', httpStatus: 200 });
    expect(ping.requestBytes).toBeGreaterThan(0);
  });
});
