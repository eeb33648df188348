import { CANARY, startHttpFixture, type FixtureName } from '@mcp-eval/fixture-servers';
import { ConnectError } from '@mcp-eval/protocol';
import { afterEach, describe, expect, it } from 'vitest';

import type { WireConnection } from './connection.js';
import { createConnector } from './connector.js';
import { callTool, OpenConnections, outcomeOf, structured } from './test-support/connect.js';
import { leftovers } from './test-support/processes.js';
import type { Target } from './target.js';

const connections = new OpenConnections();
afterEach(() => connections.closeAll());

const WELL_WITHIN = 5000;

async function httpTarget(name: FixtureName, env: Record<string, string> = {}): Promise<Target> {
  const server = await startHttpFixture(name, env);
  connections.defer(() => server.close());
  return { transport: 'http', url: server.url };
}

async function connectError(target: Target, timeoutMs = 10_000): Promise<ConnectError> {
  const error: unknown = await createConnector(target, { timeoutMs })
    .connect()
    .catch((caught: unknown) => caught);
  if (!(error instanceof ConnectError)) throw new Error('expected a ConnectError');
  return error;
}

/** How many request streams the never-answers fixture saw closed (it learns of it asynchronously). */
async function closedStreams(connection: WireConnection): Promise<number> {
  for (let attempt = 0; ; attempt += 1) {
    const seen = structured(await callTool(connection, 'cancellations')) as { closedStreams: number };
    if (seen.closedStreams > 0 || attempt === 20) return seen.closedStreams;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('HTTP failure kinds', () => {
  it('reports a 500 with an HTML body as http-status, status and headers kept', async () => {
    const connection = await connections.connect(await httpTarget('http-html-500'));
    const failed = await callTool(connection, 'flaw');
    expect(outcomeOf(failed)).toBe('http-status');
    expect(failed.httpStatus).toBe(500);
    expect(failed.responseHeaders?.['content-type']).toBe('text/html');
    expect(failed.responseBytes).toBeGreaterThan(0);
    expect(outcomeOf(await callTool(connection, 'echo'))).toBe('result');
  });

  it('times out a request the server never answers, closing its stream', async () => {
    const connection = await connections.connect(await httpTarget('never-answers'));
    const silent = await callTool(connection, 'never', {}, 300);
    expect(outcomeOf(silent)).toBe('timeout');
    expect(silent.latencyMs).toBeLessThan(WELL_WITHIN);
    expect(silent.httpStatus).toBeUndefined();
    expect(await closedStreams(connection)).toBe(1);
  });

  it('times out a stream that stalls after a notification, keeping the notification', async () => {
    const connection = await connections.connect(await httpTarget('never-answers'));
    const stalled = await callTool(connection, 'stall-stream', {}, 2000);
    expect(outcomeOf(stalled)).toBe('timeout');
    expect(stalled.httpStatus).toBe(200);
    expect(stalled.notifications).toEqual([expect.objectContaining({ method: 'notifications/message' })]);
  });

  it('cancels on the caller’s signal by closing the request stream', async () => {
    const connection = await connections.connect(await httpTarget('never-answers'));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const cancelled = await connection.request('tools/call', { name: 'never', arguments: {} }, { signal: controller.signal });
    expect(outcomeOf(cancelled)).toBe('cancelled');
    expect(await closedStreams(connection)).toBe(1);
  });

  it.each(['length', 'chunked', 'sse'])('fails an over-cap %s body as oversized and stops reading', async (framing) => {
    const connection = await connections.connect(await httpTarget('huge'), { maxResponseBytes: 256 * 1024 });
    const huge = await callTool(connection, 'huge', { bytes: 8 * 1024 * 1024, framing }, 10_000);
    expect(outcomeOf(huge)).toBe('oversized');
    expect(huge.httpStatus).toBe(200);
    expect(huge.responseBytes).toBeLessThan(2 * 1024 * 1024);
    expect(outcomeOf(await callTool(connection, 'huge', { bytes: 1000, framing }))).toBe('result');
  });

  it('reports a non-JSON 200 body as malformed', async () => {
    const connection = await connections.connect(await httpTarget('http-non-json'));
    const junk = await callTool(connection, 'flaw');
    expect(outcomeOf(junk)).toBe('malformed');
    expect(junk.httpStatus).toBe(200);
  });

  it('reports an event stream of non-JSON events as malformed and counts the events', async () => {
    const connection = await connections.connect(await httpTarget('http-non-json', { NON_JSON: 'sse' }));
    expect(outcomeOf(await callTool(connection, 'flaw'))).toBe('malformed');
    expect(connection.diagnostics().nonJsonLines).toBe(1);
  });

  it.each([[{}], [{ RESET: 'mid-body' }]])('reports a connection reset as crashed (%j)', async (env) => {
    const connection = await connections.connect(await httpTarget('http-reset', env));
    const reset = await callTool(connection, 'flaw', {}, 10_000);
    expect(outcomeOf(reset)).toBe('crashed');
    expect(reset.latencyMs).toBeLessThan(WELL_WITHIN);
    expect(outcomeOf(await callTool(connection, 'echo'))).toBe('result');
  });

  it('reports an answer under a wrong id as malformed and counts it stray', async () => {
    const connection = await connections.connect(await httpTarget('wrong-id'));
    expect(outcomeOf(await callTool(connection, 'wrong'))).toBe('malformed');
    expect(connection.diagnostics().strayResponses).toBe(1);
  });

  it('fails a request in flight as closed when the connection is closed', async () => {
    const connection = await connections.connect(await httpTarget('never-answers'));
    const pending = callTool(connection, 'never', {}, 10_000);
    setTimeout(() => void connection.close(), 100);
    expect(outcomeOf(await pending)).toBe('closed');
    expect(connection.closed).toBe(true);
  });

  it('leaves no child process of its own behind', async () => {
    const connection = await connections.connect(await httpTarget('never-answers'));
    await callTool(connection, 'never', {}, 200);
    await connections.closeAll();
    expect(await leftovers(undefined)).toEqual([]);
  });
});

describe('HTTP handshake failures', () => {
  it('fails a handshake answered with 500 as http-status (never as legacy)', async () => {
    const error = await connectError(await httpTarget('http-html-500', { FLAW_METHOD: 'server/discover' }));
    expect(error.kind).toBe('http-status');
    expect(`${error.message} ${String(error.stack)}`).not.toContain(CANARY);
  });

  it('fails a handshake the server never answers as timeout, within its limit (never as legacy)', async () => {
    const started = performance.now();
    const error = await connectError(await httpTarget('never-answers', { SILENT_METHOD: 'server/discover' }), 500);
    expect(error.kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(WELL_WITHIN);
  });

  it('fails a handshake whose connection is reset as crashed', async () => {
    expect((await connectError(await httpTarget('http-reset', { FLAW_METHOD: 'server/discover' }))).kind).toBe('crashed');
  });

  it('fails a handshake answered with non-JSON as malformed', async () => {
    expect((await connectError(await httpTarget('http-non-json', { FLAW_METHOD: 'server/discover' }))).kind).toBe('malformed');
  });
});
