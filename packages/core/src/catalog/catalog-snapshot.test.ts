import { stdioFixture } from '@mcp-eval/fixture-servers';
import type { Connection, Connector } from '@mcp-eval/protocol';
import { withRequest } from '@mcp-eval/protocol';
import { createConnector } from '@mcp-eval/transports';
import { afterEach, describe, expect, it } from 'vitest';

import { evaluate } from '../engine/evaluate.js';
import { schemaGuessability } from '../checks/schema-guessability.js';
import { ERAS } from '../test-support/matrix.js';
import { CatalogSnapshot } from './catalog-snapshot.js';

const TIMEOUT_MS = 10_000;
const opened: Connection[] = [];

afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((c) => c.close()));
});

/** A real connector whose connections count the `tools/list` pages they send (the wire is untouched). */
function countingConnector(inner: Connector, counter: { pages: number }): Connector {
  return {
    transport: inner.transport,
    async connect(options) {
      const connection = await inner.connect(options);
      return withRequest(connection, (method, params, requestOptions) => {
        if (method === 'tools/list') counter.pages += 1;
        return connection.request(method, params, requestOptions);
      });
    },
  };
}

async function until(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe.each(ERAS)('catalog snapshot (%s)', (protocol) => {
  it('walks the catalog once for many cases on one connection', async () => {
    const counter = { pages: 0 };
    const connector = countingConnector(createConnector(stdioFixture('drifting-catalog'), { protocol, timeoutMs: TIMEOUT_MS }), counter);
    const cases = Array.from({ length: 12 }, (_, i) => ({
      id: `guess-${i}`,
      check: schemaGuessability,
      params: { tool: 'stays', arguments: {} },
    }));
    const { records } = await evaluate({ connector, cases, concurrency: 1, timeoutMs: TIMEOUT_MS });
    expect(records).toHaveLength(12);
    expect(records.every((r) => r.status === records[0]?.status)).toBe(true);
    // 10 tools at 3 a page: one walk is 4 pages. Twelve walks (48 pages) without the snapshot.
    expect(counter.pages).toBe(4);
  });

  // 2026-07-28 delivers list_changed only to a subscriptions/listen stream, which a run does not open.
  it.runIf(protocol === '2025-11-25')('walks again after notifications/tools/list_changed', async () => {
    const connection = await createConnector(stdioFixture('drifting-catalog'), { protocol, timeoutMs: TIMEOUT_MS }).connect();
    opened.push(connection);
    const snapshot = new CatalogSnapshot(connection);
    const ctx = { connection: snapshot.connection, timeoutMs: TIMEOUT_MS, signal: new AbortController().signal };
    const names = async (): Promise<string[]> => (await snapshot.tools(ctx)).items.map((t) => String(t.name));

    const before = await names();
    expect(before).toContain('removed_tool');
    expect(await names()).toEqual(before);

    const call = await snapshot.connection.request('tools/call', { name: 'change_catalog', arguments: {} });
    expect(call.outcome).toBe('result');
    // stdio: the notification arrives outside the request, counted by the connection.
    await until(() => call.notifications.length > 0 || connection.diagnostics().unsolicitedMessages > 0, 5_000);
    const after = await names();
    expect(after).toContain('added_tool');
    expect(after).not.toContain('removed_tool');
  });
});
