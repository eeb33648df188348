import { startHttpFixture } from '@mcp-eval/fixture-servers';
import type { FixtureName, HttpFixture } from '@mcp-eval/fixture-servers';
import type { Connector } from '@mcp-eval/protocol';
import { createConnector } from '@mcp-eval/transports';
import { orphanedChildren, runningChildren } from '@mcp-eval/test-support';
import { describe, expect, it } from 'vitest';

import type { CaseRecord } from '../record.js';
import { evaluateCheck } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { parseCase } from '../test-support/parse-case.js';
import { CHECK_CASE_TIMEOUT_MS, evaluateCheckCase } from '../testing/evaluate-check-case.js';
import { MAX_ROUND_ROBIN_ROUNDS, MAX_SECOND_URL_LENGTH, statelessRoundRobin } from './stateless-round-robin.js';

const MODERN = { protocol: '2026-07-28' } as const;

/**
 * A plain round-robin balancer in front of two HTTP fixture processes: each connection goes to the
 * next one, so the run's connection reaches the first and the probe's second one the other.
 */
function roundRobin(urls: readonly string[]): Connector {
  const connectors = urls.map((url) => createConnector({ transport: 'http', url }, { ...MODERN, timeoutMs: CHECK_CASE_TIMEOUT_MS }));
  let next = 0;
  return {
    transport: 'http',
    connect: (options) => {
      const connector = connectors[next % connectors.length];
      next += 1;
      if (connector === undefined) throw new Error('no instance');
      return connector.connect(options);
    },
  };
}

async function behindBalancer(fixture: FixtureName, params: unknown, env: Record<string, string> = {}): Promise<CaseRecord> {
  const servers: HttpFixture[] = [];
  try {
    servers.push(await startHttpFixture(fixture, env), await startHttpFixture(fixture, env));
    return await evaluateCheckCase(statelessRoundRobin, params, roundRobin(servers.map((s) => s.url)), {});
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}

describe('stateless-round-robin', () => {
  it('two reference processes over stdio agree on tools and answers (2026-07-28)', async () => {
    const before = runningChildren();
    const record = await evaluateCheck(statelessRoundRobin, { tool: 'get_item', arguments: { id: 'a' } }, 'reference', 'stdio', MODERN);
    expect(record).toMatchObject({ status: 'pass', tool: 'get_item' });
    expect(record.measurements).toMatchObject({ instances: 2, rounds: 4, successes: 4, distinctCatalogs: 1, distinctCallOutcomes: 1 });
    expectNoCanary(record);
    expect(await orphanedChildren(before)).toEqual([]);
  });

  it('two reference servers behind a round-robin balancer agree (HTTP, 2026-07-28)', async () => {
    const record = await behindBalancer('reference', { tool: 'add', arguments: { a: 1, b: 2 }, rounds: 6 });
    expect(record).toMatchObject({ status: 'pass', measurements: { rounds: 6, successes: 6, distinctCatalogs: 1 } });
    expectNoCanary(record);
  });

  it('per-instance answers fail call-result-diverged (stdio and behind a balancer)', async () => {
    const overStdio = await evaluateCheck(statelessRoundRobin, { tool: 'instance_read', arguments: {} }, 'fault-flaws', 'stdio', MODERN);
    expect(overStdio).toMatchObject({ status: 'fail', label: 'call-result-diverged', tool: 'instance_read' });
    expect(overStdio.measurements).toMatchObject({ distinctCatalogs: 1, distinctCallOutcomes: 2, successes: 4 });
    expectNoCanary(overStdio);
    const overHttp = await behindBalancer('fault-flaws', { tool: 'instance_read', arguments: {} });
    expect(overHttp).toMatchObject({ status: 'fail', label: 'call-result-diverged' });
    expectNoCanary(overHttp);
  });

  it('a per-instance catalog fails catalog-diverged, the answers too as findings', async () => {
    const env = { FIXTURE_DIVERGE_CATALOG: '1' };
    const record = await behindBalancer('fault-flaws', { tool: 'instance_read', arguments: {} }, env);
    expect(record).toMatchObject({
      status: 'fail',
      label: 'catalog-diverged',
      measurements: { distinctCatalogs: 2, minTools: 4, maxTools: 4 },
    });
    expect(record.findings?.map((f) => f.label)).toEqual(['catalog-diverged', 'call-result-diverged']);
    expectNoCanary(record);
  });

  it('an instance that answers while the other one does not fails call-outcome-diverged', async () => {
    const reference = await startHttpFixture('reference');
    const other = await startHttpFixture('fault-flaws');
    try {
      // fault-flaws lists no get_item: a JSON-RPC error there, a success on the reference.
      const record = await evaluateCheckCase(
        statelessRoundRobin,
        { tool: 'get_item', read_only: true, arguments: { id: 'a' } },
        roundRobin([reference.url, other.url]),
        {},
      );
      expect(record).toMatchObject({ status: 'fail', label: 'catalog-diverged' });
      expect(record.findings?.map((f) => f.label)).toEqual(['catalog-diverged', 'call-outcome-diverged']);
    } finally {
      await Promise.all([reference.close(), other.close()]);
    }
  });

  it("alternates between the URL of the server block and the case's second_url (HTTP, 2026-07-28)", async () => {
    const run = async (fixture: FixtureName, env: Record<string, string> = {}): Promise<CaseRecord> => {
      const first = await startHttpFixture(fixture, env);
      const second = await startHttpFixture(fixture, env);
      try {
        const connector = createConnector({ transport: 'http', url: first.url }, { ...MODERN, timeoutMs: CHECK_CASE_TIMEOUT_MS });
        const params = { tool: 'instance_read', read_only: true, arguments: {}, second_url: second.url };
        return await evaluateCheckCase(statelessRoundRobin, params, connector, {});
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
    };
    const answers = await run('fault-flaws');
    expect(answers).toMatchObject({ status: 'fail', label: 'call-result-diverged', measurements: { distinctCatalogs: 1, successes: 4 } });
    const diverged = await run('fault-flaws', { FIXTURE_DIVERGE_CATALOG: '1' });
    expect(diverged).toMatchObject({ status: 'fail', label: 'catalog-diverged', measurements: { instances: 2, distinctCatalogs: 2 } });
    expectNoCanary(diverged);
  });

  it('two identical servers at two URLs pass', async () => {
    const first = await startHttpFixture('reference');
    const second = await startHttpFixture('reference');
    try {
      const connector = createConnector({ transport: 'http', url: first.url }, { ...MODERN, timeoutMs: CHECK_CASE_TIMEOUT_MS });
      const record = await evaluateCheckCase(
        statelessRoundRobin,
        { tool: 'get_item', arguments: { id: 'a' }, second_url: second.url },
        connector,
        {},
      );
      expect(record).toMatchObject({
        status: 'pass',
        measurements: { instances: 2, successes: 4, distinctCatalogs: 1, distinctCallOutcomes: 1 },
      });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('reaches the second_url, not the first URL twice: a reference first and a flawed second diverge', async () => {
    const reference = await startHttpFixture('reference');
    const other = await startHttpFixture('fault-flaws');
    try {
      const connector = createConnector({ transport: 'http', url: reference.url }, { ...MODERN, timeoutMs: CHECK_CASE_TIMEOUT_MS });
      const params = { tool: 'get_item', read_only: true, arguments: { id: 'a' }, second_url: other.url };
      const record = await evaluateCheckCase(statelessRoundRobin, params, connector, {});
      expect(record).toMatchObject({ status: 'fail', label: 'catalog-diverged' });
      expect(record.findings?.map((f) => f.label)).toEqual(['catalog-diverged', 'call-outcome-diverged']);
      expectNoCanary(record);
    } finally {
      await Promise.all([reference.close(), other.close()]);
    }
  });

  it('a second_url on a stdio run is second-url-unusable, with nothing spawned for it', async () => {
    const before = runningChildren();
    const params = { tool: 'get_item', arguments: { id: 'a' }, second_url: 'http://127.0.0.1:9/mcp' };
    const record = await evaluateCheck(statelessRoundRobin, params, 'reference', 'stdio', MODERN);
    expect(record).toMatchObject({ status: 'error', label: 'second-url-unusable' });
    expect(await orphanedChildren(before)).toEqual([]);
  });

  it('skips the legacy era, whose servers keep sessions', async () => {
    const record = await evaluateCheck(statelessRoundRobin, { tool: 'get_item', arguments: { id: 'a' } }, 'reference', 'memory', {
      protocol: '2025-11-25',
    });
    expect(record).toMatchObject({ status: 'skip', label: 'not-applicable-legacy' });
  });

  it('a call that fails everywhere alike is call-failed', async () => {
    const record = await evaluateCheck(
      statelessRoundRobin,
      { tool: 'get_item', arguments: { id: 'missing' } },
      'reference',
      'memory',
      MODERN,
    );
    expect(record).toMatchObject({ status: 'fail', label: 'call-failed', measurements: { successes: 0, distinctCallOutcomes: 1 } });
  });
});

describe('stateless-round-robin in a manifest', () => {
  it('bounds its rounds', () => {
    const at = (rounds: number): boolean =>
      parseCase(statelessRoundRobin, `probe: stateless-round-robin\ntool: t\narguments: {}\nrounds: ${rounds}`).ok;
    expect(at(MAX_ROUND_ROBIN_ROUNDS)).toBe(true);
    expect(at(MAX_ROUND_ROBIN_ROUNDS + 1)).toBe(false);
    expect(at(1)).toBe(false);
  });

  it('takes only an http(s) second_url, bounded in length', () => {
    const withUrl = (url: string): boolean =>
      parseCase(statelessRoundRobin, `probe: stateless-round-robin\ntool: t\narguments: {}\nsecond_url: ${JSON.stringify(url)}`).ok;
    expect(withUrl('http://127.0.0.1:8080/mcp')).toBe(true);
    expect(withUrl('HTTPS://mcp-2.example.com/mcp')).toBe(true);
    expect(withUrl('file:///etc/passwd')).toBe(false);
    expect(withUrl('ftp://example.com/mcp')).toBe(false);
    expect(withUrl('http://example.com/a b')).toBe(false);
    expect(withUrl('http://example.com/\r\nX-Injected: 1')).toBe(false);
    const longest = `http://example.com/${'a'.repeat(MAX_SECOND_URL_LENGTH - 19)}`;
    expect(longest).toHaveLength(MAX_SECOND_URL_LENGTH);
    expect(withUrl(longest)).toBe(true);
    expect(withUrl(`${longest}a`)).toBe(false);
  });
});
