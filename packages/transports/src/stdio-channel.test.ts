import { CANARY, everythingStdio, onePasswordStdio } from '@mcp-eval/fixture-servers';
import { afterEach, describe, expect, it } from 'vitest';

import { isRunning } from './process-tree.js';
import { callTool, OpenConnections, outcomeOf, stdioTarget, structured } from './test-support/connect.js';
import { leftovers } from './test-support/processes.js';

const connections = new OpenConnections();
afterEach(() => connections.closeAll());

// Generous: these only prove a failure did not wait out a much longer limit.
const WELL_WITHIN = 5000;

describe('stdio framing', () => {
  it('counts garbage stdout lines and still parses the valid replies around them', async () => {
    const connection = await connections.connect(stdioTarget('garbage-lines'));
    expect(connection.era).toBe('modern');
    const list = await connection.request('tools/list');
    expect(outcomeOf(list)).toBe('result');
    for (const message of ['one', 'two', 'three']) {
      const echo = await callTool(connection, 'echo', { message });
      expect(outcomeOf(echo)).toBe('result');
      expect(JSON.stringify(echo)).toContain(message);
      expect(echo.responseBytes).toBeGreaterThan(0);
    }
    // A banner, then three junk lines around each of the five replies (the last may still be in flight).
    expect(connection.diagnostics().nonJsonLines).toBeGreaterThanOrEqual(1 + 3 * 4);
    expect(connection.diagnostics().strayResponses).toBe(0);
  });

  it('answers a malformed raw line with the server’s -32700 under a null id', async () => {
    const connection = await connections.connect(stdioTarget('wrong-id'));
    const parseError = await connection.sendRaw({ body: '{"jsonrpc":"2.0","id":9,' }, { timeoutMs: 3000 });
    expect(parseError.outcome === 'error' && parseError.error.code).toBe(-32700);
    expect(parseError.method).toBe('raw');
  });
});

describe('stdio failure kinds', () => {
  it('times out a tool that never answers, announces the cancellation, and leaves no process', async () => {
    const connection = await connections.connect(stdioTarget('never-answers'));
    const silent = await callTool(connection, 'never', {}, 300);
    expect(outcomeOf(silent)).toBe('timeout');
    expect(silent.latencyMs).toBeLessThan(WELL_WITHIN);
    const seen = await callTool(connection, 'cancellations');
    expect(structured(seen)).toEqual({ cancelledIds: [expect.any(Number)] });
    await connection.close();
    expect(await leftovers(connection.pid)).toEqual([]);
  });

  it('fails a request in flight as closed when the connection is closed', async () => {
    const connection = await connections.connect(stdioTarget('never-answers'));
    const pending = callTool(connection, 'never', {}, 10_000);
    setTimeout(() => void connection.close(), 100);
    const closed = await pending;
    expect(outcomeOf(closed)).toBe('closed');
    expect(closed.latencyMs).toBeLessThan(WELL_WITHIN);
    expect(await leftovers(connection.pid)).toEqual([]);
  });

  it('cancels on the caller’s signal', async () => {
    const connection = await connections.connect(stdioTarget('never-answers'));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const cancelled = await connection.request('tools/call', { name: 'never', arguments: {} }, { signal: controller.signal });
    expect(outcomeOf(cancelled)).toBe('cancelled');
    expect(structured(await callTool(connection, 'cancellations'))).toEqual({ cancelledIds: [expect.any(Number)] });
  });

  it('reports a non-zero exit mid-request as crashed, counts its truncated last line, and leaves no process', async () => {
    const connection = await connections.connect(stdioTarget('crash'));
    expect(outcomeOf(await callTool(connection, 'echo'))).toBe('result');
    const crash = await callTool(connection, 'exit', { code: 3 }, 10_000);
    expect(outcomeOf(crash)).toBe('crashed');
    expect(crash.latencyMs).toBeLessThan(WELL_WITHIN);
    expect(connection.closed).toBe(true);
    expect(connection.diagnostics().nonJsonLines).toBe(1);
    expect(outcomeOf(await callTool(connection, 'echo'))).toBe('crashed');
    expect(await leftovers(connection.pid)).toEqual([]);
  });

  it('reports a clean exit mid-request as closed, and death by signal as crashed', async () => {
    const clean = await connections.connect(stdioTarget('crash'));
    expect(outcomeOf(await callTool(clean, 'exit', { code: 0 }))).toBe('closed');
    const killed = await connections.connect(stdioTarget('crash'));
    expect(outcomeOf(await callTool(killed, 'kill-self'))).toBe('crashed');
    expect(await leftovers(clean.pid)).toEqual([]);
    expect(await leftovers(killed.pid)).toEqual([]);
  });

  it('fails an over-cap reply as oversized without buffering it, and keeps the connection usable', async () => {
    const connection = await connections.connect(stdioTarget('huge'), { maxResponseBytes: 256 * 1024 });
    const huge = await callTool(connection, 'huge', { bytes: 4 * 1024 * 1024 }, 10_000);
    expect(outcomeOf(huge)).toBe('oversized');
    expect(huge.responseBytes).toBeGreaterThan(256 * 1024);
    expect(outcomeOf(await callTool(connection, 'echo'))).toBe('result');
    expect(outcomeOf(await callTool(connection, 'huge', { bytes: 1000 }))).toBe('result');
    await connection.close();
    expect(await leftovers(connection.pid)).toEqual([]);
  });

  it('fails a reply under a wrong id as malformed at once, and counts it stray', async () => {
    const connection = await connections.connect(stdioTarget('wrong-id'));
    const wrong = await callTool(connection, 'wrong', {}, 10_000);
    expect(outcomeOf(wrong)).toBe('malformed');
    expect(wrong.latencyMs).toBeLessThan(WELL_WITHIN);
    expect(outcomeOf(await callTool(connection, 'stringly', {}, 10_000))).toBe('malformed');
    expect(outcomeOf(await callTool(connection, 'echo'))).toBe('result');
    expect(connection.diagnostics().strayResponses).toBe(2);
    await connection.close();
    expect(await leftovers(connection.pid)).toEqual([]);
  });
});

describe('stdio process cleanup', () => {
  it('ends a SIGTERM-proof grandchild on close', async () => {
    const connection = await connections.connect(stdioTarget('grandchild'));
    const pids = structured(await callTool(connection, 'pids')) as { server: number; grandchild: number };
    expect(pids.server).toBe(connection.pid);
    expect(isRunning(pids.grandchild)).toBe(true);
    await connection.close();
    expect(await leftovers(connection.pid, [pids.server, pids.grandchild])).toEqual([]);
  });

  it('ends the grandchild when the server crashes, before anyone calls close', async () => {
    const connection = await connections.connect(stdioTarget('grandchild'));
    const pids = structured(await callTool(connection, 'pids')) as { server: number; grandchild: number };
    expect(outcomeOf(await callTool(connection, 'exit'))).toBe('crashed');
    expect(await leftovers(connection.pid, [pids.grandchild])).toEqual([]);
  });
});

describe('stdio environment and stderr', () => {
  it('passes only the allowlist and the target env to the server', async () => {
    process.env.MCP_EVAL_TEST_SECRET = `leak-${CANARY}`;
    try {
      const base = everythingStdio();
      const connection = await connections.connect({ ...base, env: { MCP_EVAL_VISIBLE: 'yes' } });
      const env = await callTool(connection, 'get-env');
      const text = JSON.stringify(env);
      expect(text).toContain('MCP_EVAL_VISIBLE');
      expect(text).not.toContain('MCP_EVAL_TEST_SECRET');
    } finally {
      delete process.env.MCP_EVAL_TEST_SECRET;
    }
  });

  it('keeps stderr up to the cap and counts all of it', async () => {
    const connection = await connections.connect(onePasswordStdio(), { stderrCapBytes: 16 });
    await connection.request('tools/list');
    expect(Buffer.byteLength(connection.stderrText())).toBeLessThanOrEqual(16);
    expect(connection.diagnostics().stderrBytes).toBeGreaterThan(16);
  });
});

describe('independent connections', () => {
  it('gives two connects to one stdio target two processes', async () => {
    const target = stdioTarget('reference');
    const first = await connections.connect(target);
    const second = await connections.connect(target);
    expect(first.pid).not.toBe(second.pid);
    await first.close();
    expect(outcomeOf(await callTool(second, 'echo', { message: 'still here' }))).toBe('result');
    expect(outcomeOf(await callTool(first, 'echo', { message: 'gone' }))).toBe('closed');
  });
});
