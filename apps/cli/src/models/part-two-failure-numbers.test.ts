import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { HOST_PROMPTS, wilsonInterval } from '@mcp-eval/core';
import type { RunReport } from '@mcp-eval/core';
import type { CanonicalMessage, ModelEndpoint, Script } from '@mcp-eval/fixture-models';
import { SCRIPTS, startModelEndpoint } from '@mcp-eval/fixture-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inScratch, runCli, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';
import { referenceToolNames } from './test-support/reference-tool-names.js';

// Part two's failures keep the provider's numbers as part one's do: a judge answering 500 gives
// `httpStatus`, a generator answering 429 gives `retryAfterMs`, on task-completion, a semantic
// argument judgement and the catalog-only checks alike. The real providers over loopback.

const TASK = 'Read item a and tell me its value';
const PICK = 'Show me item a';
const STUB = { value: 'seed' };
const RUBRIC = `- id: fetched-item\n  criterion: "Read item a with get_item"\n`;

let endpoint: ModelEndpoint;
beforeAll(async () => {
  const tools = await referenceToolNames();
  const system: CanonicalMessage = { role: 'system', text: HOST_PROMPTS['neutral-v1'] };
  const read = { name: 'get_item', input: { id: 'a' } };
  const own: Script[] = [
    {
      id: 'task-1',
      request: { model: 'scripted-worker', tools, messages: [system, { role: 'user', text: TASK }] },
      reply: { kind: 'answer', calls: [read] },
    },
    {
      id: 'task-2',
      request: {
        model: 'scripted-worker',
        tools,
        messages: [system, { role: 'user', text: TASK }, { role: 'assistant', calls: [read] }, { role: 'tool', result: STUB }],
      },
      reply: { kind: 'answer', calls: [], text: 'Item a is seed.' },
    },
    {
      id: 'pick',
      request: { model: 'scripted-worker', tools, messages: [system, { role: 'user', text: PICK }] },
      reply: { kind: 'answer', calls: [read] },
    },
    {
      id: 'judge-500',
      request: { model: 'scripted-judge-500', tools: [], messages: [] },
      reply: { kind: 'status', status: 500 },
      anyConversation: true,
    },
    {
      id: 'generator-429',
      request: { model: 'scripted-generator-429', tools: [], messages: [] },
      reply: { kind: 'rate-limited', headers: { 'retry-after-ms': '250' } },
      anyConversation: true,
    },
  ];
  endpoint = await startModelEndpoint([...SCRIPTS, ...own]);
}, 30_000);
afterAll(async () => endpoint.close());

const column = (id: string, wire: string, model: string) =>
  `  - { id: ${id}, provider: ${wire}, model: ${model}, base_url: "${endpoint.baseUrl}", api_key: test-key-not-real, max_retries: 0 }\n`;

const manifest = () => `version: 1
${stdioServerYaml('reference')}
models:
${column('worker', 'openai', 'scripted-worker')}${column('referee', 'anthropic', 'scripted-judge-500')}${column('writer', 'openai', 'scripted-generator-429')}${column('steady', 'openai', 'scripted-catalog-steady')}judge: { model: referee, votes: 1 }
generator: { model: writer }
golden: { trials: 1 }
cases:
  - { id: read-a, behavior: task-completion, task: "${TASK}", rubric: rubric.yaml, results: { get_item: { stub: ${JSON.stringify(STUB)} } }, models: [worker] }
  - id: pick-a
    behavior: tool-selection
    task: "${PICK}"
    expect: { tool: get_item, arguments: { id: { match: semantic, intent: "the id of item a" } } }
    models: [worker]
  - { id: clarity, behavior: description-clarity, models: [steady] }
  - { id: filled, behavior: argument-generation, models: [steady] }
`;

describe('part-two failures through the real providers', () => {
  it('keep httpStatus and retryAfterMs, as part-one failures do', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, manifest());
      await writeFile(join(dir, 'rubric.yaml'), RUBRIC);
      const result = await runCli(['run', '--no-cache', '--reporter', 'json=out.json'], { cwd: dir });
      expect(result.stderr).not.toMatch(/409|unscripted/);
      const report = JSON.parse(await readFile(join(dir, 'out.json'), 'utf8')) as RunReport;
      const record = (check: string) => report.cases.find((r) => r.check === check);
      expect(report.cases.map((r) => [r.check, r.status, r.label])).toEqual([
        ['task-completion', 'error', 'provider-error'],
        ['tool-selection', 'pass', 'selected-expected'],
        ['argument-correctness', 'error', 'provider-error'],
        ['description-clarity', 'error', 'provider-error'],
        ['argument-generation', 'error', 'rate-limited'],
      ]);
      expect(record('task-completion')?.measurements.httpStatus).toBe(500);
      expect(record('argument-correctness')?.measurements.httpStatus).toBe(500);
      expect(record('description-clarity')?.measurements.httpStatus).toBe(500);
      expect(record('argument-generation')?.measurements.retryAfterMs).toBe(250);
    });
  }, 90_000);

  it('catalog-only records carry their pass rate with its Wilson interval, as the trial records do', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, manifest());
      await writeFile(join(dir, 'rubric.yaml'), RUBRIC);
      await runCli(['run', '--no-cache', '--reporter', 'json=out.json'], { cwd: dir });
      const report = JSON.parse(await readFile(join(dir, 'out.json'), 'utf8')) as RunReport;
      const catalog = report.cases.filter((r) => r.check === 'description-clarity' || r.check === 'argument-generation');
      expect(catalog).toHaveLength(2);
      for (const r of catalog) {
        const interval = wilsonInterval(r.passes, r.runs);
        expect(r.runs).toBeGreaterThan(0);
        expect(r.measurements).toMatchObject({ wilsonLow: interval.low, wilsonHigh: interval.high });
      }
      // The trial records carry it the same way.
      const trial = report.cases.find((r) => r.check === 'tool-selection');
      expect(trial?.measurements).toMatchObject({ wilsonLow: wilsonInterval(1, 1).low, wilsonHigh: 1 });
    });
  }, 90_000);
});
