import { CANARY, inMemoryFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import type { Connection, Exchange } from '@mcp-eval/protocol';
import { afterEach, describe, expect, it } from 'vitest';

import { createConnector } from './connector.js';
import { inMemoryConnector } from './in-memory-connector.js';
import { runningChildrenOf } from './test-support/processes.js';

const open: Connection[] = [];
afterEach(async () => {
  for (const connection of open.splice(0)) await connection.close();
});

async function track<T extends Connection>(connecting: Promise<T>): Promise<T> {
  const connection = await connecting;
  open.push(connection);
  return connection;
}

/** What a check sees of an exchange, without the timings. */
function seen(exchange: Exchange): unknown {
  if (exchange.outcome === 'result') return { outcome: 'result', result: exchange.result };
  if (exchange.outcome === 'error') return { outcome: 'error', code: exchange.error.code, data: exchange.error.data };
  return { outcome: exchange.outcome, failure: exchange.failure };
}

describe('inMemoryConnector over an in-process fixture', () => {
  it('negotiates 2026-07-28 with no process, and answers tools/list exactly as the stdio process does', async () => {
    const memory = await track(inMemoryConnector(inMemoryFixture('reference')).connect());
    expect(runningChildrenOf(process.pid)).toEqual([]);
    const stdio = await track(createConnector(stdioFixture('reference')).connect());
    expect(memory.era).toBe('modern');
    expect(memory.protocolVersion).toBe('2026-07-28');
    expect(memory.handshake.method).toBe('server/discover');
    expect(memory.pid).toBeUndefined();
    expect(memory.traits).toEqual({ httpHeaders: false, cancelByClosingStream: false, headerSessions: false, ownsServer: true });
    expect(memory.serverCapabilities).toEqual(stdio.serverCapabilities);
    expect(seen(await memory.request('tools/list'))).toEqual(seen(await stdio.request('tools/list')));
    const call = { name: 'echo', arguments: { message: 'hi' } };
    expect(seen(await memory.request('tools/call', call))).toEqual(seen(await stdio.request('tools/call', call)));
  });

  it('speaks the legacy era when pinned, as the stdio fixture does', async () => {
    const memory = await track(inMemoryConnector(inMemoryFixture('reference'), { protocol: '2025-11-25' }).connect());
    expect(memory.era).toBe('legacy');
    expect(memory.handshake.method).toBe('initialize');
    expect(memory.protocolVersion).toBe('2025-11-25');
    const list = await memory.request('tools/list');
    expect(list.outcome).toBe('result');
  });

  it('answers every enveloped request naming an unsupported revision with -32022, through the version guard', async () => {
    const memory = await track(inMemoryConnector(inMemoryFixture('reference')).connect());
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' };
    const answer = await memory.request('tools/list', undefined, { meta });
    expect(answer.outcome).toBe('error');
    if (answer.outcome === 'error') expect(answer.error.code).toBe(-32022);
  });

  it('meets a raw non-JSON line exactly as the stdio process does, and stays usable', async () => {
    const memory = await track(inMemoryConnector(inMemoryFixture('reference')).connect());
    const stdio = await track(createConnector(stdioFixture('reference')).connect());
    const raw = { body: '{not json', expectResponse: true } as const;
    expect(seen(await memory.sendRaw(raw, { timeoutMs: 1000 }))).toEqual(seen(await stdio.sendRaw(raw, { timeoutMs: 1000 })));
    expect((await memory.request('tools/list')).outcome).toBe('result');
  });

  it('gives every connection its own server instance, and fails requests after close', async () => {
    const connector = inMemoryConnector(inMemoryFixture('reference'));
    const first = await track(connector.connect());
    const second = await track(connector.connect());
    const created = await first.request('tools/call', { name: 'create_item', arguments: { id: 'only-in-first', value: 'v' } });
    expect(created).toMatchObject({ outcome: 'result', result: { structuredContent: { created: true } } });
    const read = { name: 'get_item', arguments: { id: 'only-in-first' } };
    expect(await first.request('tools/call', read)).toMatchObject({ outcome: 'result', result: { structuredContent: { value: 'v' } } });
    expect(await second.request('tools/call', read)).toMatchObject({ outcome: 'result', result: { isError: true } });
    await first.close();
    expect(first.closed).toBe(true);
    const after = await first.request('tools/list');
    expect(after).toMatchObject({ outcome: 'transport-failure', failure: 'closed' });
    expect(JSON.stringify(after)).not.toContain(CANARY);
  });
});
