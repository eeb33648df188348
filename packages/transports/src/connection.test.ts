import { everythingStdio, startEverythingHttp, startHttpFixture } from '@mcp-eval/fixture-servers';
import { envelopeMeta, type Exchange, type JsonObject } from '@mcp-eval/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { WireConnection } from './connection.js';
import { callTool, OpenConnections, outcomeOf, stdioTarget } from './test-support/connect.js';
import type { Target } from './target.js';

const connections = new OpenConnections();
afterEach(() => connections.closeAll());

const CLIENT = { name: 'mcp-eval-test', version: '0' };

function errorCode(exchange: Exchange): number | undefined {
  return exchange.outcome === 'error' ? exchange.error.code : undefined;
}

function enveloped(id: string, method: string, params: JsonObject = {}, version = '2026-07-28'): JsonObject {
  return { jsonrpc: '2.0', id, method, params: { ...params, _meta: envelopeMeta(version, CLIENT) } };
}

describe('deliberate violations against the reference fixture over HTTP (2026-07-28)', () => {
  let connection: WireConnection;
  beforeEach(async () => {
    const server = await startHttpFixture('reference');
    connections.defer(() => server.close());
    connection = await connections.connect({ transport: 'http', url: server.url });
    expect(connection.era).toBe('modern');
  });

  it('sees -32020 with HTTP 400 for an Mcp-Method header that contradicts the body', async () => {
    const mismatch = await connection.sendRaw({
      body: enveloped('raw-1', 'tools/call', { name: 'echo', arguments: { message: 'hi' } }),
      headers: { 'Mcp-Method': 'tools/list' },
    });
    expect(errorCode(mismatch)).toBe(-32020);
    expect(mismatch.httpStatus).toBe(400);
    expect(mismatch.method).toBe('tools/call');
  });

  it('sees -32020 for a missing Mcp-Method header and for a mismatched Mcp-Name', async () => {
    const missing = await connection.sendRaw({ body: enveloped('raw-2', 'tools/list'), headers: { 'mcp-method': null } });
    expect([errorCode(missing), missing.httpStatus]).toEqual([-32020, 400]);
    const name = await connection.sendRaw({
      body: enveloped('raw-3', 'tools/call', { name: 'echo', arguments: { message: 'hi' } }),
      headers: { 'mcp-name': 'add' },
    });
    expect([errorCode(name), name.httpStatus]).toEqual([-32020, 400]);
  });

  it('sees -32022 for an unsupported version named in envelope and header alike', async () => {
    const unsupported = await connection.sendRaw({ body: enveloped('raw-4', 'tools/list', {}, '2099-01-01') });
    expect([errorCode(unsupported), unsupported.httpStatus]).toEqual([-32022, 400]);
    const data = unsupported.outcome === 'error' ? unsupported.error.data : undefined;
    expect(data).toMatchObject({ supported: expect.arrayContaining(['2026-07-28']) });
  });

  it('sees -32601 with HTTP 404 for an unknown method, raw or through request()', async () => {
    const raw = await connection.sendRaw({ body: enveloped('raw-5', 'foo/bar') });
    expect([errorCode(raw), raw.httpStatus]).toEqual([-32601, 404]);
    const viaRequest = await connection.request('foo/bar');
    expect([errorCode(viaRequest), viaRequest.httpStatus]).toEqual([-32601, 404]);
  });

  it('sees -32700 with HTTP 400 for a truncated body', async () => {
    const truncated = await connection.sendRaw({ body: '{"jsonrpc":"2.0","id":"raw-6",' });
    expect([errorCode(truncated), truncated.httpStatus]).toEqual([-32700, 400]);
    expect(truncated.method).toBe('raw');
  });

  it('sees HTTP 413 for an oversized body', async () => {
    const big = await connection.sendRaw({
      body: enveloped('raw-7', 'tools/call', { name: 'echo', arguments: { message: 'x'.repeat(5 * 1024 * 1024) } }),
    });
    expect(big.httpStatus).toBe(413);
    expect(big.requestBytes).toBeGreaterThan(5 * 1024 * 1024);
  });

  it('returns input_required to the caller without answering it', async () => {
    const asked = await connection.request(
      'tools/call',
      { name: 'confirm_action', arguments: { what: 'deploy' } },
      { clientCapabilities: { elicitation: { form: {} } } },
    );
    expect(asked.outcome === 'result' && asked.result.resultType).toBe('input_required');
    expect(asked.outcome === 'result' && asked.result.inputRequests).toHaveProperty('confirm');
    // Without the capability in the envelope the server must refuse instead.
    const refused = await callTool(connection, 'confirm_action', { what: 'deploy' });
    expect([errorCode(refused), refused.httpStatus]).toEqual([-32021, 400]);
  });

  it('cancels a slow request by closing its stream, and the connection stays usable', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const slow = await connection.request('tools/call', { name: 'slow_read', arguments: { ms: 5000 } }, { signal: controller.signal });
    expect(outcomeOf(slow)).toBe('cancelled');
    expect(outcomeOf(await callTool(connection, 'echo', { message: 'after' }))).toBe('result');
  });

  it('sends a notification and resolves on 202', async () => {
    await expect(connection.notify('notifications/cancelled', { requestId: 'nothing' })).resolves.toBeUndefined();
    const raw = await connection.sendRaw({ body: { jsonrpc: '2.0', method: 'notifications/ping-ish' }, expectResponse: false });
    expect(raw.httpStatus).toBe(202);
  });
});

describe('deliberate violations over stdio', () => {
  it('reaches a stdio server with a raw enveloped request for an unsupported version', async () => {
    const connection = await connections.connect(stdioTarget('wrong-id'));
    const exchange = await connection.sendRaw({ body: enveloped('raw-8', 'server/discover', {}, '2099-01-01') });
    expect(errorCode(exchange)).toBe(-32022);
    expect(exchange.httpStatus).toBeUndefined();
  });
});

describe('independent HTTP connections', () => {
  it('gives two connects to a legacy server two sessions', async () => {
    const server = await startEverythingHttp();
    connections.defer(() => server.close());
    const target: Target = { transport: 'http', url: server.url };
    const first = await connections.connect(target);
    const second = await connections.connect(target);
    const ids = [first, second].map((c) => c.handshake.responseHeaders?.['mcp-session-id']);
    expect(ids[0]).toBeTruthy();
    expect(ids[0]).not.toBe(ids[1]);
    await first.close();
    expect(outcomeOf(await callTool(second, 'echo', { message: 'still here' }))).toBe('result');
  });
});

describe('notifications belong to the request they are about', () => {
  it.each(['stdio', 'http'] as const)('attaches progress notifications to their request over %s', async (kind) => {
    let target: Target = everythingStdio();
    if (kind === 'http') {
      const server = await startEverythingHttp();
      connections.defer(() => server.close());
      target = { transport: 'http', url: server.url };
    }
    const connection = await connections.connect(target);
    const operation = await connection.request(
      'tools/call',
      { name: 'trigger-long-running-operation', arguments: { duration: 0.2, steps: 2 } },
      { meta: { progressToken: 'op-1' } },
    );
    expect(outcomeOf(operation)).toBe('result');
    expect(operation.notifications).toEqual([
      expect.objectContaining({ method: 'notifications/progress', params: { progress: 1, total: 2, progressToken: 'op-1' } }),
      expect.objectContaining({ method: 'notifications/progress', params: { progress: 2, total: 2, progressToken: 'op-1' } }),
    ]);
  });
});
