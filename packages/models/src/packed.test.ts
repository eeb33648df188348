import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { installPacked } from '@mcp-eval/test-support';
import type { PackedProject } from '@mcp-eval/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const modelsDir = fileURLToPath(new URL('..', import.meta.url));
const coreDir = fileURLToPath(new URL('../../core', import.meta.url));
const protocolDir = fileURLToPath(new URL('../../protocol', import.meta.url));

/**
 * Runs in the installed project: the lexical column, and an openai-compatible column against a
 * one-answer chat-completions server the script starts on 127.0.0.1 itself.
 */
const SCRIPT = `
import { createServer } from 'node:http';
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createColumnPort } from '@mcp-eval/models';

const require = createRequire(import.meta.url);
const tools = [
  { name: 'get_item', description: 'Fetch one item by id', inputSchema: { type: 'object', properties: { id: { type: 'string' } } } },
  { name: 'delete_user', description: 'Remove a user account', inputSchema: { type: 'object' } },
];
const params = { temperature: 0, maxOutputTokens: 64, timeoutMs: 10000, maxRetries: 0 };
const lexical = await createColumnPort({ id: 'lexical', provider: 'lexical' }).decide({ tools, messages: [{ role: 'user', content: 'remove the user account' }], params });

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_item', arguments: '{"id":"A-17"}' } }] }, finish_reason: 'tool_calls' }],
      usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } }));
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const column = createColumnPort({ id: 'local', provider: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:' + server.address().port + '/v1' }, { env: {} });
const local = await column.decide({ tools, messages: [{ role: 'user', content: 'Show me item A-17' }], params });
server.close();
process.stdout.write(JSON.stringify({ lexical, local, installedAt: realpathSync(require.resolve('@mcp-eval/models/package.json')) }));
`;

const CONSUMER_TS = `
import type { ModelOutcome, ModelPort, ResolvedColumn } from '@mcp-eval/core';
import { createColumnPort, createRunBudget } from '@mcp-eval/models';

export function port(column: ResolvedColumn): ModelPort {
  return createColumnPort(column, { concurrency: 1, budget: createRunBudget() });
}
export function label(outcome: ModelOutcome): string {
  return outcome.kind === 'failure' ? outcome.failure : String(outcome.calls.length);
}
`;

/** Uses the model-instance adapters: this pulls in the AI SDK's own declarations. */
const AI_SDK_CONSUMER_TS = `
import type { ModelPort } from '@mcp-eval/core';
import { createAiSdkModelPort, createProviderModel } from '@mcp-eval/models/ai-sdk';

export function port(): ModelPort | undefined {
  const made = createProviderModel({ id: 'x', provider: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:1/v1' });
  return made.kind === 'model' ? createAiSdkModelPort(made.model) : undefined;
}
`;

// Packing and a real npm install (the AI SDK from npm's cache or the registry) take a while.
describe('@mcp-eval/models installed from its tarball', { timeout: 600_000 }, () => {
  let project: PackedProject | undefined;

  beforeAll(async () => {
    project = await installPacked([coreDir, modelsDir], { transitive: [protocolDir] });
  }, 600_000);

  afterAll(async () => {
    await project?.remove();
  });

  it('runs the lexical column and a real provider over loopback', async () => {
    const dir = project!.dir;
    await writeFile(join(dir, 'check.mjs'), SCRIPT);
    const output = JSON.parse(await project!.node(['check.mjs'])) as Record<string, unknown>;
    expect(output).toMatchObject({
      lexical: { kind: 'decision', calls: [{ kind: 'call', name: 'delete_user', input: {} }], requests: 0 },
      local: {
        kind: 'decision',
        calls: [{ kind: 'call', name: 'get_item', input: { id: 'A-17' } }],
        requests: 1,
        usage: { inputTokens: 5, outputTokens: 2 },
      },
    });
    expect(String(output.installedAt).startsWith(dir)).toBe(true);
  });

  it('ships a main entry a strict TypeScript consumer compiles against without the DOM lib', async () => {
    await project!.compileStrict(CONSUMER_TS);
  });

  it('ships the ai-sdk entry; it needs the DOM lib the AI SDK declarations use (documented)', async () => {
    const failure = await project!.compileStrict(AI_SDK_CONSUMER_TS).then(
      () => 'compiled',
      (error: unknown) => String(error),
    );
    // If this starts compiling, the AI SDK dropped its DOM types: simplify the docs and this test.
    expect(failure).toContain('HeadersInit');
    expect(failure).not.toMatch(/@mcp-eval\/models\/dist/);
  });
});
