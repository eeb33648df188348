#!/usr/bin/env node
// What one model-layer trial costs through MCP Eval against a bare AI SDK `generateText` with the
// same tools, same model endpoint, same run, interleaved:
//   - MCP Eval: the column port (`createColumnPort`, the real @ai-sdk/openai provider, its limiter,
//     tool aliasing, retry loop and timeout), the conversation driver (`runConversation` with the
//     tool-selection policy) and the trial classification (`selectionTrial`): the engine's path for
//     one tool-selection trial, cache off;
//   - bare: `generateText` with the same five tools (description and JSON schema, no execute), the
//     same task, temperature 0, 512 output tokens, no retries.
// Both talk to the scripted model endpoint (fixtures/model-endpoint, in a child process:
// model-endpoint-child.mjs) on 127.0.0.1 over real HTTP, answering `get_item` for "Show me item
// A-17" in about a millisecond, so the ratio shows MCP Eval's fixed per-decision cost at its
// largest (a hosted model answers in hundreds of milliseconds). Prints p50/p95 per side, the p50 ratio, and the
// model requests each MCP Eval trial sent (counted at the endpoint), and the load average.
// Targets: p50 ratio <= 1.10; exactly 1 model request per single-step trial.
//
// Usage: pnpm build && node bench/model-overhead.mjs [trials]   (default 400 per side, after 40 warm-up)
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { createOpenAI } from '@ai-sdk/openai';
import { runConversation, selectionPolicy, selectionTrial } from '@mcp-eval/core';
import { ITEM_TASK, SCRIPTED_TOOLS } from '@mcp-eval/fixture-models';
import { createColumnPort } from '@mcp-eval/models';
import { generateText, jsonSchema, tool } from 'ai';

import { loadAverageSpan } from './load-average.mjs';

const TRIALS = Number(process.argv[2] ?? 400);
const WARMUP = 40;
const MODEL = 'scripted-right-tool';
const PARAMS = { temperature: 0, maxOutputTokens: 512, timeoutMs: 10_000, maxRetries: 0 };

const child = fork(fileURLToPath(new URL('./model-endpoint-child.mjs', import.meta.url)), {
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const reply = () => new Promise((resolve) => child.once('message', resolve));
const { baseUrl } = await reply();
const endpoint = {
  baseUrl,
  requests: async () => {
    const answer = reply();
    child.send('count');
    return (await answer).count;
  },
  close: () => child.disconnect(),
};
const env = { OPENAI_API_KEY: 'bench-key' };
const port = createColumnPort({ id: 'bench', provider: 'openai', model: MODEL, baseUrl: endpoint.baseUrl }, { env });
const tools = SCRIPTED_TOOLS.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
const expected = { tool: 'get_item', acceptPrerequisite: [] };

async function throughMcpEval() {
  const conversation = await runConversation({ port, tools, task: ITEM_TASK, params: PARAMS, ...selectionPolicy(expected) });
  const { selection } = selectionTrial(conversation, expected);
  if (selection.status !== 'pass') throw new Error(`mcp-eval trial ${selection.status} ${selection.label}`);
  return conversation.requests;
}

const bareModel = createOpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: endpoint.baseUrl }).chat(MODEL);
const bareTools = Object.fromEntries(
  SCRIPTED_TOOLS.map((t) => [t.name, tool({ description: t.description, inputSchema: jsonSchema(t.inputSchema) })]),
);
async function bare() {
  const result = await generateText({
    model: bareModel,
    tools: bareTools,
    messages: [{ role: 'user', content: ITEM_TASK }],
    temperature: 0,
    maxOutputTokens: 512,
    maxRetries: 0,
  });
  if (result.toolCalls[0]?.toolName !== 'get_item') throw new Error('bare generateText did not select get_item');
}

async function timed(run) {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const span = loadAverageSpan();
const times = { ours: [], bare: [] };
const perTrialRequests = new Set();
let oursRequestsAtEndpoint = 0;
try {
  for (let i = 0; i < WARMUP; i += 1) {
    await throughMcpEval();
    await bare();
  }
  for (let i = 0; i < TRIALS; i += 1) {
    // Alternate which side goes first so neither always runs on a warmer socket.
    const order = i % 2 === 0 ? ['ours', 'bare'] : ['bare', 'ours'];
    for (const side of order) {
      if (side === 'ours') {
        const before = await endpoint.requests();
        let requests = 0;
        times.ours.push(await timed(async () => (requests = await throughMcpEval())));
        const sent = (await endpoint.requests()) - before;
        oursRequestsAtEndpoint += sent;
        perTrialRequests.add(`${requests}/${sent}`);
      } else {
        times.bare.push(await timed(bare));
      }
    }
  }
} finally {
  endpoint.close();
}

const fmt = (ms) => `${ms.toFixed(3)} ms`;
const p50 = { ours: quantile(times.ours, 0.5), bare: quantile(times.bare, 0.5) };
console.log(
  `model-overhead: ${TRIALS} trials per side after ${WARMUP} warm-up, interleaved, scripted endpoint on loopback (OpenAI chat completions)`,
);
console.log(`  bare generateText     p50 ${fmt(p50.bare)}  p95 ${fmt(quantile(times.bare, 0.95))}`);
console.log(`  MCP Eval trial        p50 ${fmt(p50.ours)}  p95 ${fmt(quantile(times.ours, 0.95))}`);
console.log(`  p50 ratio ${(p50.ours / p50.bare).toFixed(3)} (target <= 1.10), ${((p50.ours - p50.bare) * 1000).toFixed(0)} µs per trial`);
console.log(
  `  model requests per single-step trial: ${[...perTrialRequests].join(', ')} (reported/at endpoint; must be 1/1), ${oursRequestsAtEndpoint} for ${TRIALS} trials`,
);
console.log(`  ${span.line()}`);
if (perTrialRequests.size !== 1 || !perTrialRequests.has('1/1')) process.exitCode = 1;
