import { startHttpFixture } from '@mcp-eval/fixture-servers';
import { afterEach, describe, expect, it } from 'vitest';

import { DEFAULT_MAX_SERVER_REQUESTS_PER_RESPONSE } from './flood-limits.js';
import { callTool, OpenConnections, outcomeOf, stdioTarget, structured } from './test-support/connect.js';
import { leftovers } from './test-support/processes.js';

const connections = new OpenConnections();
afterEach(() => connections.closeAll());

/**
 * A generous ceiling on how much this test process's peak RSS may grow during a flood. Without the
 * caps it grows by about 100 MB a second (a gigabyte by the default 10 s timeout).
 */
const PEAK_GROWTH_CEILING_BYTES = 200 * 1024 * 1024;

/** Peak resident set size so far, in bytes (maxRSS is in KiB). */
function peakRss(): number {
  return process.resourceUsage().maxRSS * 1024;
}

describe('a server flooding the client with requests', () => {
  it('stdio: a server that stops reading stdin while asking ends the connection flooded, memory bounded', async () => {
    const before = peakRss();
    const connection = await connections.connect(stdioTarget('request-flood'), { timeoutMs: 8000 });
    const pgid = connection.pid;
    const list = await connection.request('tools/list');
    expect(outcomeOf(list)).toBe('flooded');
    expect(connection.closed).toBe(true);
    expect(outcomeOf(await connection.request('tools/list'))).toBe('flooded');
    expect(peakRss() - before).toBeLessThan(PEAK_GROWTH_CEILING_BYTES);
    await connection.close();
    expect(await leftovers(pgid)).toEqual([]);
  });

  it('HTTP: one SSE response carrying 100 000 server requests is answered at most the cap times, then flooded', async () => {
    const server = await startHttpFixture('request-flood');
    connections.defer(() => server.close());
    const before = peakRss();
    const connection = await connections.connect({ transport: 'http', url: server.url }, { protocol: '2025-11-25', timeoutMs: 8000 });
    const flooded = await callTool(connection, 'flood');
    expect(outcomeOf(flooded)).toBe('flooded');
    expect(connection.closed).toBe(true);
    expect(peakRss() - before).toBeLessThan(PEAK_GROWTH_CEILING_BYTES);
    const witness = await connections.connect({ transport: 'http', url: server.url }, { protocol: '2025-11-25' });
    const { replies } = structured(await callTool(witness, 'replies')) as { replies: number };
    expect(replies).toBeLessThanOrEqual(DEFAULT_MAX_SERVER_REQUESTS_PER_RESPONSE);
  });
});
