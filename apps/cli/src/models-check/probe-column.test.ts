import { CANARY } from '@mcp-eval/fixture-servers';
import type { ModelEndpoint } from '@mcp-eval/fixture-models';
import { startModelEndpoint } from '@mcp-eval/fixture-models';
import type { ResolvedColumn } from '@mcp-eval/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EXIT } from '../cli-error.js';
import { formatProbes } from './format-probe.js';
import { probeColumn } from './probe-column.js';
import type { ProbeResult } from './probe-column.js';
import { probeExit } from './probe-exit.js';
import { PROBE_SCRIPTS } from './test-support/probe-scripts.js';

let endpoint: ModelEndpoint;
beforeAll(async () => {
  endpoint = await startModelEndpoint(PROBE_SCRIPTS);
});
afterAll(async () => {
  await endpoint.close();
});

const KEY_ENV = { OPENAI_API_KEY: 'test-key', ANTHROPIC_API_KEY: 'test-key' };
const column = (id: string, provider: ResolvedColumn['provider'], model: string): ResolvedColumn => ({
  id,
  provider,
  model,
  baseUrl: endpoint.baseUrl,
});
const check = (
  c: ResolvedColumn,
  timeoutMs = 5_000,
  env: Record<string, string> = KEY_ENV,
  temperature: number | 'unset' = 0,
): Promise<ProbeResult> => probeColumn({ column: c, probe: { timeoutMs, ...(temperature === 'unset' ? {} : { temperature }) } }, env);

describe('probeColumn over the real providers and loopback HTTP', () => {
  it('reaches an OpenAI-style and an Anthropic-style column with one request each, temperature accepted', async () => {
    for (const provider of ['openai', 'anthropic', 'openai-compatible'] as const) {
      const before = endpoint.requests();
      const result = await check(column('c', provider, 'probe-ok'));
      expect(result).toMatchObject({ status: 'reachable', temperature: 'accepted', requests: 1 });
      expect(endpoint.requests() - before).toBe(1);
      expect(endpoint.log.at(-1)).toMatchObject({ scriptId: 'probe-ok', temperature: 0 });
    }
  });

  it('reports a rejected temperature, still reachable, after one retry without it', async () => {
    const result = await check(column('strict', 'openai', 'probe-rejects-temperature'));
    expect(result).toMatchObject({ status: 'reachable', temperature: 'rejected', requests: 2 });
  });

  it('reports temperature not set when the column sets none', async () => {
    const result = await check(column('c', 'anthropic', 'probe-ok'), 5_000, KEY_ENV, 'unset');
    expect(result).toMatchObject({ status: 'reachable', temperature: 'not-set' });
  });

  it('a column that hangs is model-timeout within its limit', async () => {
    const started = performance.now();
    const result = await check(column('slow', 'openai', 'probe-slow'), 400);
    expect(result.status).toBe('model-timeout');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('a column with no key is model-unavailable and sends nothing', async () => {
    const before = endpoint.requests();
    for (const provider of ['openai', 'anthropic', 'google'] as const) {
      const result = await check(column('nokey', provider, 'probe-ok'), 5_000, {});
      expect(result).toMatchObject({ status: 'model-unavailable', requests: 0 });
    }
    const local = await check({ id: 'local', provider: 'openai-compatible', model: 'probe-ok' }, 5_000, {});
    expect(local).toMatchObject({ status: 'model-unavailable', requests: 0 });
    expect(endpoint.requests()).toBe(before);
  });

  it('unscripted, malformed and rate-limited answers are typed failures with their numbers', async () => {
    expect(await check(column('x', 'openai', 'no-such-script'))).toMatchObject({ status: 'provider-error', httpStatus: 409 });
    expect(await check(column('x', 'openai', 'probe-malformed'))).toMatchObject({ status: 'provider-error' });
    expect(await check(column('x', 'anthropic', 'probe-rate-limited'))).toMatchObject({
      status: 'rate-limited',
      retryAfterMs: 200,
      requests: 1,
    });
  });

  it('lexical is not a model: no request', async () => {
    const before = endpoint.requests();
    expect(await check({ id: 'lexical', provider: 'lexical' })).toMatchObject({ status: 'not-a-model', requests: 0 });
    expect(endpoint.requests()).toBe(before);
  });
});

describe('formatting and exit code', () => {
  it('prints ids, fixed labels and numbers only, and exits 0 / 1 / 4', async () => {
    const results = await Promise.all([
      check(column('gpt', 'openai', 'probe-ok')),
      check(column('slow', 'openai', 'probe-slow'), 300),
      check(column('nokey', 'anthropic', 'probe-ok'), 5_000, {}),
      check({ id: 'lexical', provider: 'lexical' }),
    ]);
    const text = formatProbes(results);
    expect(text).not.toContain(CANARY);
    expect(text).not.toContain('probe-ok');
    expect(text).not.toContain('127.0.0.1');
    expect(text).not.toContain('test-key');
    expect(text).toMatch(/^ {2}gpt +openai +reachable +\d+ ms {2}temperature accepted$/m);
    expect(text).toMatch(/^ {2}slow +openai +model-timeout +\d+ ms$/m);
    expect(text).toMatch(/^ {2}nokey +anthropic +model-unavailable +no key/m);
    expect(text).toMatch(/^ {2}lexical +lexical +not-a-model/m);
    expect(text).toMatch(/^1 of 3 model columns reachable$/m);
    expect(probeExit(results)).toBe(EXIT.failed);
    expect(probeExit(results.filter((r) => r.id !== 'slow' && r.id !== 'nokey'))).toBe(EXIT.ok);
    expect(probeExit(results.filter((r) => r.id !== 'gpt'))).toBe(EXIT.unevaluated);
    expect(probeExit(results.filter((r) => r.id === 'lexical'))).toBe(EXIT.ok);
    expect(formatProbes(results.filter((r) => r.id === 'lexical'))).toMatch(/^no model columns: nothing to reach$/m);
  });
});
