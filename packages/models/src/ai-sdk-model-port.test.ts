import type { LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import type { ModelRequest } from '@mcp-eval/core';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createAiSdkModelPort } from './ai-sdk-model-port.js';
import { createConcurrencyLimiter } from './concurrency-limiter.js';
import { aliasToolNames } from './tool-aliases.js';
import { toSdkTools } from './to-sdk-tools.js';

const usage = {
  inputTokens: { total: 11, noCache: 11, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 3, text: 3, reasoning: undefined },
};

function result(
  content: LanguageModelV3GenerateResult['content'],
  extra: Partial<LanguageModelV3GenerateResult> = {},
): LanguageModelV3GenerateResult {
  return {
    content,
    finishReason: { unified: content.some((c) => c.type === 'tool-call') ? 'tool-calls' : 'stop', raw: undefined },
    usage,
    warnings: [],
    ...extra,
  };
}

const request: ModelRequest = {
  tools: [
    { name: 'files/read', description: 'Read a file', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
    { name: 'ns.search', inputSchema: { type: 'object' } },
  ],
  messages: [{ role: 'user', content: 'read the readme' }],
  params: { temperature: 0, maxOutputTokens: 64, timeoutMs: 5000, maxRetries: 0 },
};
const aliases = aliasToolNames(['files/read', 'ns.search']);
const readAlias = aliases.toProvider.get('files/read') ?? '';

describe('createAiSdkModelPort over MockLanguageModelV3', () => {
  it('sends aliased tools with description and schema and maps the call back to the catalog name', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: result([{ type: 'tool-call', toolCallId: 't1', toolName: readAlias, input: '{"path":"README.md"}' }]),
    });
    const outcome = await createAiSdkModelPort(model).decide(request);
    expect(outcome).toMatchObject({
      kind: 'decision',
      calls: [{ kind: 'call', id: 't1', name: 'files/read', input: { path: 'README.md' } }],
      finish: 'tool-calls',
      usage: { inputTokens: 11, outputTokens: 3 },
      requests: 1,
      temperatureApplied: 1,
    });
    const sent = model.doGenerateCalls[0];
    expect(sent?.temperature).toBe(0);
    expect(sent?.maxOutputTokens).toBe(64);
    expect(sent?.tools).toEqual([
      expect.objectContaining({
        type: 'function',
        name: readAlias,
        description: 'Read a file',
        inputSchema: request.tools[0]?.inputSchema,
      }),
      expect.objectContaining({ type: 'function', name: aliases.toProvider.get('ns.search') }),
    ]);
    for (const t of sent?.tools ?? []) expect(t.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it('sends the host prompt as the system prompt, with no SDK warning on the console', async () => {
    const model = new MockLanguageModelV3({ doGenerate: result([{ type: 'text', text: 'hi' }]) });
    const warned: unknown[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void warned.push(args);
    try {
      await createAiSdkModelPort(model).decide({ ...request, messages: [{ role: 'system', content: 'Be brief.' }, ...request.messages] });
    } finally {
      console.warn = original;
    }
    expect(warned).toEqual([]);
    expect(model.doGenerateCalls[0]?.prompt).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'read the readme' }] },
    ]);
  });

  it('builds tools with no execute function, so nothing ever runs', () => {
    const tools = toSdkTools(request.tools, aliases);
    expect(Object.keys(tools)).toHaveLength(2);
    for (const t of Object.values(tools)) expect(t.execute).toBeUndefined();
  });

  it('reports arguments that are not JSON as unparseable-input and unknown names as unknown-tool', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: result([
        { type: 'tool-call', toolCallId: 'a', toolName: readAlias, input: 'not json' },
        { type: 'tool-call', toolCallId: 'b', toolName: 'files/read', input: '{}' },
      ]),
    });
    const outcome = await createAiSdkModelPort(model).decide(request);
    expect(outcome).toMatchObject({
      kind: 'decision',
      calls: [
        { kind: 'unparseable-input', id: 'a', name: 'files/read' },
        { kind: 'unknown-tool', id: 'b' },
      ],
    });
  });

  it('records temperatureApplied 0 when the provider drops temperature with a warning', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: result([{ type: 'text', text: 'hi' }], { warnings: [{ type: 'unsupported', feature: 'temperature' }] }),
    });
    expect(await createAiSdkModelPort(model).decide(request)).toMatchObject({ kind: 'decision', textChars: 2, temperatureApplied: 0 });
  });

  it('a thrown non-HTTP error is provider-error, with no message kept', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: () => Promise.reject(new Error('secret text from somewhere')),
    });
    const outcome = await createAiSdkModelPort(model).decide(request);
    expect(outcome).toMatchObject({ kind: 'failure', failure: 'provider-error', requests: 1 });
    expect(JSON.stringify(outcome)).not.toContain('secret');
  });

  it('a model that ignores its abort signal still ends model-timeout at the limit', async () => {
    const model = new MockLanguageModelV3({ doGenerate: () => new Promise(() => undefined) });
    const started = performance.now();
    const outcome = await createAiSdkModelPort(model).decide({ ...request, params: { ...request.params, timeoutMs: 200 } });
    expect(outcome).toMatchObject({ kind: 'failure', failure: 'model-timeout', requests: 1 });
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it("the caller's signal ends a decision as cancelled, not a timeout", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: ({ abortSignal }) =>
        new Promise((_, reject) => abortSignal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    });
    const controller = new AbortController();
    const pending = createAiSdkModelPort(model).decide({ ...request, signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'failure', failure: 'cancelled' });
  });

  it('runs no more decisions at once than the column limiter allows', async () => {
    let active = 0;
    let peak = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setTimeout(resolve, 10));
        active -= 1;
        return result([{ type: 'text', text: 'ok' }]);
      },
    });
    const port = createAiSdkModelPort(model, { limiter: createConcurrencyLimiter(2) });
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => port.decide(request)));
    expect(outcomes.every((o) => o.kind === 'decision')).toBe(true);
    expect(peak).toBe(2);
  });
});
