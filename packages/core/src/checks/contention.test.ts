import { everythingStdio } from '@mcp-eval/fixture-servers';
import { orphanedChildren, runningChildren } from '@mcp-eval/test-support';
import { afterAll, describe, expect, it } from 'vitest';

import { evaluateCheck, evaluateTarget } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS, TRANSPORT_ERAS } from '../test-support/matrix.js';
import { parseCase } from '../test-support/parse-case.js';
import { tempFiles } from '../test-support/temp-files.js';
import { contention, MAX_CONTENTION_CLIENTS } from './contention.js';

const files = tempFiles();
afterAll(() => files.remove());

let locks = 0;
/** Each case gets its own lock file, shared by every process of that case's fixture. */
function lockEnv(): Record<string, string> {
  locks += 1;
  return { FIXTURE_LOCK_FILE: files.path(`lock-${locks}`) };
}

describe('contention', () => {
  it.each(TRANSPORT_ERAS)('two independent clients both get their sum ($transport, $protocol)', async ({ transport, protocol }) => {
    const record = await evaluateCheck(contention, { tool: 'add', arguments: { a: 1, b: 2 } }, 'reference', transport, { protocol });
    expect(record).toMatchObject({ status: 'pass', tool: 'add' });
    expect(record.measurements).toMatchObject({ clients: 2, succeeded: 2, client1Ok: 1, client2Ok: 1 });
    expect(record.measurements.client1LatencyMs).toBeGreaterThanOrEqual(0);
    expect(record.measurements.client2LatencyMs).toBeGreaterThanOrEqual(0);
    expectNoCanary(record);
  });

  it('four clients at once', async () => {
    const record = await evaluateCheck(contention, { tool: 'echo', arguments: { message: 'hi' }, clients: 4 }, 'reference', 'stdio');
    expect(record).toMatchObject({ status: 'pass' });
    expect(record.measurements).toMatchObject({ clients: 4, succeeded: 4, client4Ok: 1 });
  });

  it(`${MAX_CONTENTION_CLIENTS} clients at once over stdio, 64 processes, none left behind`, async () => {
    const before = runningChildren();
    // 64 node processes starting at once on a small machine: a generous handshake limit.
    const params = { tool: 'echo', arguments: { message: 'hi' }, clients: MAX_CONTENTION_CLIENTS };
    const record = await evaluateCheck(contention, params, 'reference', 'stdio', { timeoutMs: 30_000, caseTimeoutMs: 120_000 });
    expect(record).toMatchObject({ status: 'pass', measurements: { clients: 64, succeeded: 64, client64Ok: 1 } });
    expect(await orphanedChildren(before)).toEqual([]);
  }, 180_000);

  it('@modelcontextprotocol/server-everything get-sum tolerates two clients (stdio, legacy)', async () => {
    const record = await evaluateTarget(contention, { tool: 'get-sum', arguments: { a: 1, b: 2 } }, everythingStdio());
    expect(record).toMatchObject({ status: 'pass', tool: 'get-sum' });
    expect(record.measurements).toMatchObject({ clients: 2, succeeded: 2 });
  });

  it.each(ERAS)('a tool that turns concurrent callers away fails, one client in, one out (stdio, %s)', async (protocol) => {
    // Over stdio each client is its own process: the fixture's lock is a file, so it binds them all.
    const record = await evaluateCheck(contention, { tool: 'exclusive_write', arguments: { value: 'x' } }, 'flawed-dimensions', 'stdio', {
      protocol,
      env: lockEnv(),
      allowMutation: true,
    });
    expect(record).toMatchObject({ status: 'fail', label: 'some-clients-failed', tool: 'exclusive_write' });
    expect(record.measurements).toMatchObject({ clients: 2, succeeded: 1 });
    expect((record.measurements.client1Ok ?? 0) + (record.measurements.client2Ok ?? 0)).toBe(1);
    expectNoCanary(record);
  });

  it.each(ERAS)('the same over HTTP: separate sessions (legacy) or requests (2026-07-28) collide (%s)', async (protocol) => {
    const record = await evaluateCheck(
      contention,
      { tool: 'exclusive_write', arguments: { value: 'x' }, clients: 3 },
      'flawed-dimensions',
      'http',
      { protocol, env: lockEnv(), allowMutation: true },
    );
    expect(record).toMatchObject({ status: 'fail', label: 'some-clients-failed' });
    expect(record.measurements).toMatchObject({ clients: 3, succeeded: 1 });
    expectNoCanary(record);
  });

  it('a server that admits one process at a time fails with client-connect-failed (stdio)', async () => {
    // The run's own connection holds the fixture's single-instance lock, so no extra client starts.
    const env = { FIXTURE_SINGLE_INSTANCE: files.path(`single-${locks}`) };
    const record = await evaluateCheck(contention, { tool: 'get_item', arguments: { id: 'a' } }, 'flawed-dimensions', 'stdio', { env });
    expect(record).toMatchObject({ status: 'fail', label: 'client-connect-failed' });
    expect(record.measurements).toMatchObject({ clients: 2, connected: 0 });
  });

  it('a call that fails for everyone is all-clients-failed', async () => {
    const record = await evaluateCheck(
      contention,
      { tool: 'codeless_error', read_only: true, arguments: { key: 'k' } },
      'flawed-dimensions',
      'stdio',
    );
    expect(record).toMatchObject({ status: 'fail', label: 'all-clients-failed' });
    expect(record.measurements).toMatchObject({ succeeded: 0, client1Ok: 0, client2Ok: 0 });
  });

  it('a call that never answers is a transport failure', async () => {
    const record = await evaluateCheck(contention, { tool: 'never', read_only: true, arguments: {} }, 'never-answers', 'stdio', {
      timeoutMs: 1_000,
    });
    expect(record).toMatchObject({ status: 'fail', label: 'transport-failure' });
  });

  it('a server that crashes under the call is a transport failure', async () => {
    const record = await evaluateCheck(contention, { tool: 'kill-self', read_only: true, arguments: {} }, 'crash', 'stdio');
    expect(record).toMatchObject({ status: 'fail', label: 'transport-failure' });
  });
});

describe('contention in a manifest', () => {
  it('defaults clients to 2 and needs at least two', () => {
    expect(parseCase(contention, 'dimension: contention\ntool: get-sum\narguments: { a: 1, b: 2 }')).toEqual({
      ok: true,
      params: { tool: 'get-sum', arguments: { a: 1, b: 2 }, clients: 2 },
    });
    expect(parseCase(contention, 'dimension: contention\ntool: get-sum\narguments: {}\nclients: 1').ok).toBe(false);
    expect(parseCase(contention, 'dimension: contention\ntool: get-sum\narguments: {}\nclients: 64').ok).toBe(true);
    expect(parseCase(contention, 'dimension: contention\ntool: get-sum\narguments: {}\nclients: 65').ok).toBe(false);
  });
});
