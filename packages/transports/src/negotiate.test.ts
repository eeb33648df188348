import type { ListeningServer } from '@mcp-eval/fixture-servers';
import {
  CANARY,
  everythingStdio,
  onePasswordStdio,
  startEverythingHttp,
  startHttpFixture,
  stdioFixture,
  type HttpFixture,
} from '@mcp-eval/fixture-servers';
import { ConnectError, type Exchange } from '@mcp-eval/protocol';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

import type { WireConnection } from './connection.js';
import { createConnector } from './connector.js';
import { leftovers } from './test-support/processes.js';
import type { Target } from './target.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connect(target: Target, options: Parameters<typeof createConnector>[1] = {}): Promise<WireConnection> {
  const connection = await createConnector(target, options).connect();
  cleanups.push(() => connection.close());
  return connection;
}

async function http(fixture: Promise<HttpFixture | ListeningServer>): Promise<Target> {
  const server = await fixture;
  cleanups.push(() => server.close());
  return { transport: 'http', url: server.url };
}

function toolNames(exchange: Exchange): string[] {
  if (exchange.outcome !== 'result' || !Array.isArray(exchange.result.tools)) return [];
  return exchange.result.tools.flatMap((tool) =>
    typeof tool === 'object' && tool !== null && !Array.isArray(tool) && typeof tool.name === 'string' ? [tool.name] : [],
  );
}

/** A loopback port that was free a moment ago and has nothing listening now. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function stdio(name: Parameters<typeof stdioFixture>[0], env: Record<string, string> = {}): Target {
  return stdioFixture(name, env);
}

describe('protocol auto: 2026-07-28 servers', () => {
  it('negotiates 2026-07-28 with the reference fixture over stdio and lists its tools', async () => {
    const connection = await connect(stdio('reference'));
    expect(connection.era).toBe('modern');
    expect(connection.protocolVersion).toBe('2026-07-28');
    expect(connection.handshake.method).toBe('server/discover');
    expect(connection.serverCapabilities).toHaveProperty('tools');
    expect(connection.coldStartMs).toBeGreaterThan(0);
    const list = await connection.request('tools/list');
    expect(list.outcome).toBe('result');
    expect(toolNames(list)).toContain('echo');
    // Nothing rewritten: the 2026 result fields are there as sent.
    expect(list.outcome === 'result' && list.result.resultType).toBe('complete');
  });

  it('negotiates 2026-07-28 with the reference fixture over HTTP and lists its tools', async () => {
    const connection = await connect(await http(startHttpFixture('reference')));
    expect(connection.era).toBe('modern');
    expect(connection.handshake.httpStatus).toBe(200);
    const list = await connection.request('tools/list');
    expect(list.httpStatus).toBe(200);
    expect(toolNames(list)).toContain('echo');
  });

  it('negotiates 2026-07-28 with @takescake/1password-mcp over stdio, without a token', async () => {
    const connection = await connect(onePasswordStdio());
    expect(connection.era).toBe('modern');
    expect(connection.protocolVersion).toBe('2026-07-28');
    const list = await connection.request('tools/list');
    expect(toolNames(list)).toEqual(expect.arrayContaining(['vault_list', 'item_get', 'password_generate', 'op_run']));
    // No token: the tool answers with an honest tool error instead of reaching 1Password.
    const call = await connection.request('tools/call', { name: 'vault_list', arguments: {} });
    expect(call.outcome === 'result' && call.result.isError).toBe(true);
  });
});

describe('protocol auto: legacy servers', () => {
  it('falls back to initialize with server-everything over stdio and lists its tools', async () => {
    const connection = await connect(everythingStdio());
    expect(connection.era).toBe('legacy');
    expect(connection.protocolVersion).toBe('2025-11-25');
    expect(connection.handshake.method).toBe('initialize');
    const list = await connection.request('tools/list');
    expect(toolNames(list)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
  });

  it('falls back to a session with server-everything over HTTP on 127.0.0.1, and ends it on close', async () => {
    const target = await http(startEverythingHttp());
    const connection = await createConnector(target).connect();
    expect(connection.era).toBe('legacy');
    const sessionId = connection.handshake.responseHeaders?.['mcp-session-id'];
    expect(sessionId).toBeTruthy();
    const list = await connection.request('tools/list');
    expect(list.httpStatus).toBe(200);
    expect(toolNames(list)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    await connection.close();
    // The DELETE ended the session: its id is no longer accepted.
    const after = await fetch(target.transport === 'http' ? target.url : '', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': sessionId ?? '',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(after.status).toBe(400);
    await after.body?.cancel();
  });
});

describe('pinned eras', () => {
  it('speaks 2025-11-25 to a dual-era server when pinned, without probing', async () => {
    const connection = await connect(stdio('reference'), { protocol: '2025-11-25' });
    expect(connection.era).toBe('legacy');
    expect(connection.handshake.method).toBe('initialize');
    expect(toolNames(await connection.request('tools/list'))).toContain('echo');
  });

  it('refuses a legacy-only server when 2026-07-28 is pinned', async () => {
    const failure = await createConnector(everythingStdio(), { protocol: '2026-07-28' })
      .connect()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectError);
    expect((failure as ConnectError).kind).toBe('era-unsupported');
  });
});

describe('negotiation edge cases', () => {
  it('re-probes once after -32022 listing 2026-07-28', async () => {
    const connection = await connect(stdio('negotiation-quirks', { QUIRK: 'corrective' }));
    expect(connection.era).toBe('modern');
  });

  it('falls back to legacy after -32022 listing only 2025 revisions, and after a result without overlap', async () => {
    expect((await connect(stdio('negotiation-quirks', { QUIRK: 'legacy-versions' }))).era).toBe('legacy');
    expect((await connect(stdio('negotiation-quirks', { QUIRK: 'no-overlap' }))).era).toBe('legacy');
  });

  it('starts a fresh process for the fallback when the probe killed the server', async () => {
    const connection = await connect(stdio('negotiation-quirks', { QUIRK: 'exit-before-initialize' }));
    expect(connection.era).toBe('legacy');
    expect(toolNames(await connection.request('tools/list'))).toContain('echo');
  });

  it('treats a silent probe on stdio as legacy', async () => {
    const connection = await connect(stdio('negotiation-quirks', { QUIRK: 'silent-before-initialize' }), { timeoutMs: 2500 });
    expect(connection.era).toBe('legacy');
    expect(connection.diagnostics().strayResponses).toBe(0);
  });

  it('reports a rejected initialize as handshake-rejected and leaves no process', async () => {
    const failure = await createConnector(stdio('negotiation-quirks', { QUIRK: 'initialize-rejected' }))
      .connect()
      .catch((error: unknown) => error);
    expect((failure as ConnectError).kind).toBe('handshake-rejected');
    // The server's error message carries the canary; ours never repeats server text.
    expect(JSON.stringify({ message: (failure as ConnectError).message, stack: (failure as ConnectError).stack })).not.toContain(CANARY);
    expect(await leftovers(undefined)).toEqual([]);
  });

  it("refuses a legacy revision it does not speak (never adopting the server's text as a version) and leaves no process", async () => {
    const failure = await createConnector(stdio('negotiation-quirks', { QUIRK: 'unknown-legacy-version' }))
      .connect()
      .catch((error: unknown) => error);
    expect((failure as ConnectError).kind).toBe('era-unsupported');
    expect(JSON.stringify({ message: (failure as ConnectError).message })).not.toContain(CANARY);
    expect(await leftovers(undefined)).toEqual([]);
  });

  it('takes the legacy path on a plain-text 400 over HTTP, carrying the session id and version header', async () => {
    const target = await http(startHttpFixture('negotiation-quirks', { QUIRK: 'legacy-session' }));
    const connection = await createConnector(target).connect();
    expect(connection.era).toBe('legacy');
    const seen = await connection.request('tools/call', { name: 'headers', arguments: {} });
    expect(seen.outcome === 'result' && seen.result.structuredContent).toEqual({ protocolVersion: '2025-11-25', hasSession: true });
    await connection.close();
    const observer = await connect(target);
    const sessions = await observer.request('tools/call', { name: 'sessions', arguments: {} });
    expect(sessions.outcome === 'result' && sessions.result.structuredContent).toEqual({ live: 1, deleted: 1 });
  });

  it('ends the process when a pinned handshake times out', async () => {
    const connector = createConnector(stdio('negotiation-quirks', { QUIRK: 'silent-before-initialize' }), {
      protocol: '2026-07-28',
      timeoutMs: 300,
    });
    const failure = await connector.connect().catch((error: unknown) => error);
    expect((failure as ConnectError).kind).toBe('timeout');
    expect(await leftovers(undefined)).toEqual([]);
  });

  it('gives up when the caller cancels the connection attempt, and ends the process', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const connector = createConnector(stdio('negotiation-quirks', { QUIRK: 'silent-before-initialize' }));
    const failure = await connector.connect({ signal: controller.signal }).catch((error: unknown) => error);
    expect((failure as ConnectError).kind).toBe('cancelled');
    expect(await leftovers(undefined)).toEqual([]);
  });

  it('fails with refused when nothing listens at the URL', async () => {
    const failure = await createConnector({ transport: 'http', url: `http://127.0.0.1:${String(await closedPort())}/mcp` })
      .connect()
      .catch((error: unknown) => error);
    expect((failure as ConnectError).kind).toBe('refused');
  });

  it('fails with spawn-failed when the command does not exist', async () => {
    const failure = await createConnector({ transport: 'stdio', command: '/nonexistent/mcp-server' })
      .connect()
      .catch((error: unknown) => error);
    expect((failure as ConnectError).kind).toBe('spawn-failed');
  });
});
