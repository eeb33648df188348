import { startHttpFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import { afterEach, describe, expect, it } from 'vitest';

import type { WireConnection } from './connection.js';
import { OpenConnections, outcomeOf, structured } from './test-support/connect.js';
import { leftovers } from './test-support/processes.js';

const connections = new OpenConnections();
afterEach(() => connections.closeAll());

const ERAS = ['2026-07-28', '2025-11-25'] as const;

async function streamingOverHttp(protocol: (typeof ERAS)[number]): Promise<WireConnection> {
  const server = await startHttpFixture('streaming');
  connections.defer(() => server.close());
  return connections.connect({ transport: 'http', url: server.url }, { protocol, timeoutMs: 10_000 });
}

/** stream_read streams `steps` progress notifications 100 ms apart: 2 s in all. */
function streamRead(connection: WireConnection, dropStreamAfter?: number) {
  return connection.request(
    'tools/call',
    { name: 'stream_read', arguments: { steps: 20, interval_ms: 100 } },
    { meta: { progressToken: 'drop' }, ...(dropStreamAfter === undefined ? {} : { dropStreamAfter }) },
  );
}

describe('dropStreamAfter (HTTP)', () => {
  it.each(ERAS)(
    'drops the stream after the n-th notification: cancelled, part-way, and the connection serves on (%s)',
    async (protocol) => {
      const connection = await streamingOverHttp(protocol);
      const dropped = await streamRead(connection, 2);
      expect(outcomeOf(dropped)).toBe('cancelled');
      expect(dropped.httpStatus).toBe(200);
      expect(dropped.notifications).toHaveLength(2);
      // 2 of 20 steps: well before the 2 s the whole answer takes.
      expect(dropped.latencyMs).toBeLessThan(1_500);
      const next = await connection.request('tools/call', { name: 'add', arguments: { a: 1, b: 2 } });
      expect(structured(next)).toEqual({ sum: 3 });
      expect(JSON.stringify(dropped)).not.toContain('stream_read given up');
    },
  );

  it.each(ERAS)('without the option the same stream is read to its answer (%s)', async (protocol) => {
    const connection = await streamingOverHttp(protocol);
    const whole = await streamRead(connection);
    expect(outcomeOf(whole)).toBe('result');
    expect(whole.notifications).toHaveLength(20);
  });

  it('an answer that comes before the n-th notification is the answer', async () => {
    const connection = await streamingOverHttp('2026-07-28');
    const early = await streamRead(connection, 50);
    expect(outcomeOf(early)).toBe('result');
    expect(structured(early)).toEqual({ steps: 20 });
  });

  it('announces nothing, where a cancellation of the same request sends notifications/cancelled (HTTP, 2025-11-25)', async () => {
    const server = await startHttpFixture('fault-flaws');
    connections.defer(() => server.close());
    const connection = await connections.connect({ transport: 'http', url: server.url }, { protocol: '2025-11-25' });
    const notices = async (): Promise<unknown> =>
      structured(await connection.request('tools/call', { name: 'cancel_notices', arguments: {} }));
    const late = { name: 'late_read', arguments: { ms: 5_000 } };

    const dropped = await connection.request('tools/call', late, { dropStreamAfter: 1 });
    expect(outcomeOf(dropped)).toBe('cancelled');
    expect(await notices()).toEqual({ cancelNotices: 0 });

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const cancelled = await connection.request('tools/call', late, { signal: controller.signal });
    expect(outcomeOf(cancelled)).toBe('cancelled');
    expect(await notices()).toEqual({ cancelNotices: 1 });
  });

  it('is ignored on stdio, which has no per-request stream', async () => {
    const connection = await connections.connect(stdioFixture('streaming'), { protocol: '2025-11-25' });
    const pid = connection.pid;
    const exchange = await connection.request(
      'tools/call',
      { name: 'stream_read', arguments: { steps: 3, interval_ms: 10 } },
      { meta: { progressToken: 'drop' }, dropStreamAfter: 1 },
    );
    expect(outcomeOf(exchange)).toBe('result');
    expect(structured(exchange)).toEqual({ steps: 3 });
    await connections.closeAll();
    expect(await leftovers(pid)).toEqual([]);
  });
});
