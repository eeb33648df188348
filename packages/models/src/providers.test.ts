import type { ModelOutcome, ResolvedColumn } from '@mcp-eval/core';
import type { ModelEndpoint } from '@mcp-eval/fixture-models';
import { findScript } from './test-support/scripted-request.js';
import { startModelEndpoint } from '@mcp-eval/fixture-models';
import { CANARY } from '@mcp-eval/fixture-servers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createColumnPort } from './create-column-port.js';
import type { HostedProvider } from './provider-table.js';
import { PROVIDERS } from './provider-table.js';
import { createRunBudget } from './run-budget.js';
import { scriptedRequest } from './test-support/scripted-request.js';

/** Every URL the providers fetched, to prove nothing left 127.0.0.1. */
const fetched: string[] = [];
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (input, init) => {
    fetched.push(input instanceof Request ? input.url : String(input));
    return realFetch(input, init);
  };
});
afterAll(() => {
  globalThis.fetch = realFetch;
  expect(fetched.length).toBeGreaterThan(0);
  for (const url of fetched) expect(new URL(url).hostname).toBe('127.0.0.1');
});

let endpoint: ModelEndpoint;
beforeEach(async () => {
  endpoint = await startModelEndpoint();
});
afterEach(async () => {
  await endpoint.close();
});

// Every provider of the table, each through its real AI SDK package to the scripted endpoint.
const STYLES = Object.keys(PROVIDERS) as HostedProvider[];
type Style = HostedProvider;

function port(style: Style, scriptId: string, extra: Partial<ResolvedColumn> = {}, budget = createRunBudget()) {
  const column: ResolvedColumn = {
    id: 'col',
    provider: style,
    model: findScript(scriptId).request.model,
    baseUrl: endpoint.baseUrl,
    apiKey: 'test-key-not-real',
    ...extra,
  };
  return createColumnPort(column, { budget, env: {} });
}

const decide = (style: Style, scriptId: string, params = {}): Promise<ModelOutcome> =>
  port(style, scriptId).decide(scriptedRequest(scriptId, params));

const names = (outcome: ModelOutcome): string[] =>
  outcome.kind === 'decision' ? outcome.calls.map((c) => (c.kind === 'unknown-tool' ? '<unknown>' : c.name)) : [outcome.failure];

describe.each(STYLES)('%s provider against the scripted endpoint', (style) => {
  it('right tool: the call mapped back, with its arguments, usage and one request', async () => {
    const outcome = await decide(style, 'right-tool');
    expect(outcome).toMatchObject({
      kind: 'decision',
      calls: [{ kind: 'call', name: 'get_item', input: { id: 'A-17' } }],
      finish: 'tool-calls',
      requests: 1,
      temperatureApplied: 1,
    });
    expect(outcome.usage.inputTokens).toBeGreaterThan(0);
    expect(outcome.usage.outputTokens).toBe(7);
    expect(endpoint.requests()).toBe(1);
  });

  it('wrong tool, extra calls, and bad arguments come back as the model made them', async () => {
    expect(names(await decide(style, 'wrong-tool'))).toEqual(['delete_item']);
    expect(names(await decide(style, 'extra-calls'))).toEqual(['get_item', 'list_items']);
    const inputs = [];
    for (const id of ['missing-argument', 'extra-argument', 'wrong-type']) {
      const outcome = await decide(style, id);
      inputs.push(outcome.kind === 'decision' && outcome.calls[0]?.kind === 'call' ? outcome.calls[0].input : 'none');
    }
    expect(inputs).toEqual([{}, { id: 'A-17', colour: CANARY }, { id: 17 }]);
  });

  it('prerequisite then right tool, and a two-step chain in and out of order', async () => {
    expect(names(await decide(style, 'prerequisite'))).toEqual(['list_items']);
    expect(names(await decide(style, 'prerequisite-2'))).toEqual(['get_item']);
    expect(names(await decide(style, 'chain'))).toEqual(['search_issues']);
    expect(names(await decide(style, 'chain-2'))).toEqual(['create_ticket']);
    expect(names(await decide(style, 'chain-reversed'))).toEqual(['create_ticket']);
    expect(names(await decide(style, 'chain-reversed-2'))).toEqual(['search_issues']);
    expect(endpoint.log.every((r) => r.scriptId !== undefined)).toBe(true);
  });

  it('a name outside the catalog is unknown-tool, and the name is not kept', async () => {
    const outcome = await decide(style, 'unknown-tool');
    expect(outcome).toMatchObject({ kind: 'decision', calls: [{ kind: 'unknown-tool' }] });
    expect(JSON.stringify(outcome)).not.toContain('fetch_record');
  });

  it('no call, and a tool call written as text: length and flag only, never the text', async () => {
    const none = await decide(style, 'no-call');
    expect(none).toMatchObject({ kind: 'decision', calls: [], finish: 'stop', textLooksLikeToolCall: false });
    expect(none.kind === 'decision' && none.textChars).toBeGreaterThan(CANARY.length);
    const asText = await decide(style, 'tool-as-text');
    expect(asText).toMatchObject({ kind: 'decision', calls: [], textLooksLikeToolCall: true });
    for (const outcome of [none, asText]) expect(JSON.stringify(outcome)).not.toContain(CANARY);
  });

  it('a model that rejects temperature is retried once without it', async () => {
    const outcome = await decide(style, 'rejects-temperature', { temperature: 0 });
    expect(outcome).toMatchObject({ kind: 'decision', calls: [{ name: 'get_item' }], temperatureApplied: 0, requests: 2 });
    expect(endpoint.log.map((r) => r.temperature)).toEqual([0, undefined]);
  });

  it('429 with retry-after: 1 is honoured, then answered', async () => {
    const started = performance.now();
    const outcome = await decide(style, 'rate-limited-once', { maxRetries: 2 });
    expect(outcome).toMatchObject({ kind: 'decision', calls: [{ name: 'get_item' }], requests: 2 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(endpoint.requests()).toBe(2);
  });

  it('a retry-after that would pass the timeout is not waited for: rate-limited at once', async () => {
    const started = performance.now();
    const outcome = await decide(style, 'rate-limited-once', { maxRetries: 2, timeoutMs: 500 });
    expect(outcome).toMatchObject({ kind: 'failure', failure: 'rate-limited', retryAfterMs: 1000, requests: 1 });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('429 after every retry is rate-limited with retryAfterMs from retry-after-ms', async () => {
    const outcome = await decide(style, 'rate-limited', { maxRetries: 2 });
    expect(outcome).toMatchObject({ kind: 'failure', failure: 'rate-limited', retryAfterMs: 200, requests: 3 });
    expect(endpoint.requests()).toBe(3);
  });

  it('a hanging provider ends model-timeout within its limit', async () => {
    const started = performance.now();
    const outcome = await decide(style, 'slow', { timeoutMs: 400, maxRetries: 2 });
    const elapsed = performance.now() - started;
    expect(outcome).toMatchObject({ kind: 'failure', failure: 'model-timeout', requests: 1 });
    expect(elapsed).toBeGreaterThanOrEqual(390);
    expect(elapsed).toBeLessThan(3000);
  });

  it('a malformed body, a 500 and an unscripted request are provider-error with the status', async () => {
    const malformed = await decide(style, 'malformed');
    expect(malformed).toMatchObject({ kind: 'failure', failure: 'provider-error' });
    const failed = await decide(style, 'server-error', { maxRetries: 1 });
    expect(failed).toMatchObject({ kind: 'failure', failure: 'provider-error', httpStatus: 500, requests: 2 });
    const unscripted = await port(style, 'right-tool').decide({
      ...scriptedRequest('right-tool'),
      messages: [{ role: 'user', content: 'a task nobody scripted' }],
    });
    expect(unscripted).toMatchObject({ kind: 'failure', failure: 'provider-error', httpStatus: 409, requests: 1 });
  });

  it('the run budget stops requests before they are sent', async () => {
    const budget = createRunBudget({ maxRequests: 1, maxInputTokens: 1_000_000 });
    const column = port(style, 'right-tool', {}, budget);
    expect((await column.decide(scriptedRequest('right-tool'))).kind).toBe('decision');
    expect(await column.decide(scriptedRequest('right-tool'))).toMatchObject({ kind: 'failure', failure: 'budget-exhausted', requests: 0 });
    expect(endpoint.requests()).toBe(1);
  });
});

describe('columns without a key', () => {
  it('are model-unavailable at once, sending nothing', async () => {
    const keyed = STYLES.filter((provider) => PROVIDERS[provider].keyVariable !== undefined);
    expect(keyed).toEqual(expect.arrayContaining(['openai', 'anthropic', 'google']));
    for (const provider of keyed) {
      const column = createColumnPort({ id: 'k', provider, model: 'scripted-right-tool', baseUrl: endpoint.baseUrl }, { env: {} });
      expect(await column.decide(scriptedRequest('right-tool'))).toMatchObject({
        kind: 'failure',
        failure: 'model-unavailable',
        requests: 0,
      });
    }
    expect(endpoint.requests()).toBe(0);
  });

  it('except openai-compatible, which needs no key (keyless local servers)', async () => {
    const column = createColumnPort(
      { id: 'local', provider: 'openai-compatible', model: 'scripted-right-tool', baseUrl: endpoint.baseUrl },
      { env: {} },
    );
    expect(names(await column.decide(scriptedRequest('right-tool')))).toEqual(['get_item']);
  });

  it('openai-compatible without base_url is model-unavailable (there is no default server to guess)', async () => {
    const column = createColumnPort({ id: 'local', provider: 'openai-compatible', model: 'scripted-right-tool' }, { env: {} });
    expect(await column.decide(scriptedRequest('right-tool'))).toMatchObject({
      kind: 'failure',
      failure: 'model-unavailable',
      requests: 0,
    });
  });

  it('google speaks Gemini generateContent to base_url: the model in the path, the key never in the URL', async () => {
    const column = createColumnPort(
      { id: 'g', provider: 'google', model: 'scripted-right-tool', baseUrl: endpoint.baseUrl, apiKey: 'not-real-google-key' },
      { env: {} },
    );
    expect(names(await column.decide(scriptedRequest('right-tool')))).toEqual(['get_item']);
    expect(endpoint.log.map((r) => r.wire)).toEqual(['google']);
    const url = fetched[fetched.length - 1] ?? '';
    expect(url).toBe(`${endpoint.baseUrl}/models/scripted-right-tool:generateContent`);
    expect(url).not.toContain('not-real-google-key');
  });

  it('reads the provider variable when the column names no key', async () => {
    const column = createColumnPort(
      { id: 'env', provider: 'openai', model: 'scripted-right-tool', baseUrl: endpoint.baseUrl },
      { env: { OPENAI_API_KEY: 'from-env-not-real' } },
    );
    expect(names(await column.decide(scriptedRequest('right-tool')))).toEqual(['get_item']);
  });
});
