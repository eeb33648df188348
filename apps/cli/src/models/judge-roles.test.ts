import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { HOST_PROMPTS } from '@mcp-eval/core';
import type { RunReport } from '@mcp-eval/core';
import type { CanonicalMessage, ModelEndpoint, Script } from '@mcp-eval/fixture-models';
import { SCRIPTS, startModelEndpoint } from '@mcp-eval/fixture-models';
import { CANARY } from '@mcp-eval/fixture-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inScratch, runCli, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';
import { referenceToolNames } from './test-support/reference-tool-names.js';

// `judge:` end to end: the real providers over loopback against the scripted endpoint, the
// reference fixture over stdio. The worker column works the task; the judge (a scripted judge
// filling the forced verdict from the schema on the wire) scores it. Canaries ride in the stub,
// the worker's text, the judge's garbage and the fixture's descriptions.

const TASK = 'Read item a and tell me its value';
const PICK = 'Show me item a';
const STUB = { value: 'seed', note: CANARY };
const KEYS = { WORKER_KEY: 'sk-test-not-a-key', JUDGE_KEY: 'sk-ant-test-not-a-key' };

let endpoint: ModelEndpoint;
beforeAll(async () => {
  const tools = await referenceToolNames();
  const system: CanonicalMessage = { role: 'system', text: HOST_PROMPTS['neutral-v1'] };
  const read = { name: 'get_item', input: { id: 'a' } };
  const worker: Script[] = [
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
      reply: { kind: 'answer', calls: [], text: `Item a is seed. ${CANARY}` },
    },
    {
      id: 'pick',
      request: { model: 'scripted-worker', tools, messages: [system, { role: 'user', text: PICK }] },
      reply: { kind: 'answer', calls: [read] },
    },
  ];
  endpoint = await startModelEndpoint([...SCRIPTS, ...worker]);
}, 30_000);
afterAll(async () => endpoint.close());

const manifest = (judgeModel: string, extra = '') => `version: 1
${stdioServerYaml('reference')}
models:
  - { id: worker, provider: openai, model: scripted-worker, base_url: "${endpoint.baseUrl}", api_key: "\${env:WORKER_KEY}" }
  - { id: referee, provider: anthropic, model: ${judgeModel}, base_url: "${endpoint.baseUrl}", api_key: "\${env:JUDGE_KEY}" }
judge: { model: referee, votes: 3 }
golden: { trials: 2${extra} }
cases:
  - id: read-a
    behavior: task-completion
    task: "${TASK}"
    rubric: rubric.yaml
    results: { get_item: { stub: ${JSON.stringify(STUB)} } }
    models: [worker]
  - id: pick-a
    behavior: tool-selection
    task: "${PICK}"
    expect: { tool: get_item, arguments: { id: { match: semantic, intent: "the id of item a" } } }
    models: [worker]
`;
const RUBRIC = `- id: fetched-item\n  criterion: "Read item a with get_item"\n- id: told-value\n  criterion: "Reported its value"\n`;

/** Everything the runs printed and wrote (the manifest and the rubric are the user's own files). */
async function everything(dir: string, result: { stdout: string; stderr: string }): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = await Promise.all(
    entries
      .filter((e) => e.isFile() && e.name !== 'mcp-eval.yaml' && e.name !== 'rubric.yaml')
      .map((e) => readFile(join(e.parentPath, e.name), 'utf8')),
  );
  return [result.stdout, result.stderr, ...files].join('\n');
}

describe('mcp-eval run with a judge (real providers over loopback)', () => {
  it('task-completion and a semantic match judged by votes; the roles spend reported; a rerun sends nothing; no canary anywhere', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, manifest('scripted-judge-agrees'));
      await writeFile(join(dir, 'rubric.yaml'), RUBRIC);
      const before = endpoint.requests();
      const first = await runCli(['run', '--reporter', 'json=first.json', '--reporter', 'pretty'], { cwd: dir, env: KEYS });
      expect(first.stderr).not.toMatch(/409|unscripted/);
      expect(first.code).toBe(0);
      const report = JSON.parse(await readFile(join(dir, 'first.json'), 'utf8')) as RunReport;
      expect(report.cases.map((r) => [r.id, r.check, r.model, r.status, r.label])).toEqual([
        ['read-a', 'task-completion', 'worker', 'pass', 'rubric-met'],
        ['pick-a', 'tool-selection', 'worker', 'pass', 'selected-expected'],
        ['pick-a', 'argument-correctness', 'worker', 'pass', 'args-match'],
      ]);
      expect(report.cases[0]?.measurements).toMatchObject({ criteriaMet: 2, criteriaTotal: 2, judgeAgreement: 1, trials: 2 });
      // 2 trials × (2 worker requests + 3 votes) for the task, 2 × (1 + 3) for the pick.
      expect(endpoint.requests() - before).toBe(18);
      expect(report.roles).toEqual([{ role: 'judge', model: 'referee', requests: 12, inputTokens: expect.any(Number), outputTokens: 84 }]);
      expect(endpoint.log.filter((r) => r.forcedTool === 'record_verdict')).toHaveLength(12);
      // The referee is not under test here: no self-judging warning.
      expect(first.stderr).not.toContain('judges its own answers');

      const again = endpoint.requests();
      const second = await runCli(['run', '--reporter', 'json=second.json'], { cwd: dir, env: KEYS });
      expect(second.code).toBe(0);
      expect(endpoint.requests()).toBe(again);
      const replay = JSON.parse(await readFile(join(dir, 'second.json'), 'utf8')) as RunReport;
      expect(replay.cases.map((r) => r.label)).toEqual(report.cases.map((r) => r.label));
      expect(replay.roles).toBeUndefined();

      const all = await everything(dir, { stdout: first.stdout + second.stdout, stderr: first.stderr + second.stderr });
      expect(all).not.toContain(CANARY);
      expect(all).not.toContain(TASK);
      expect(all).not.toContain('Reported its value');
      expect(all).not.toContain('the id of item a');
    });
  }, 60_000);

  it('a garbage judge is judge-unparseable (the run fails); a 2–1 judge passes with agreement 2/3', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, manifest('scripted-judge-garbage'));
      await writeFile(join(dir, 'rubric.yaml'), RUBRIC);
      const garbage = await runCli(['run', '--no-cache', '--reporter', 'json=g.json'], { cwd: dir, env: KEYS });
      expect(garbage.code).toBe(1);
      const report = JSON.parse(await readFile(join(dir, 'g.json'), 'utf8')) as RunReport;
      expect(report.cases.map((r) => [r.check, r.status, r.label])).toEqual([
        ['task-completion', 'error', 'judge-unparseable'],
        ['tool-selection', 'pass', 'selected-expected'],
        ['argument-correctness', 'error', 'judge-unparseable'],
      ]);
      expect(await everything(dir, garbage)).not.toContain(CANARY);
      await writeManifest(dir, manifest('scripted-judge-splits'));
      const split = await runCli(['run', '--no-cache', '--reporter', 'json=s.json'], { cwd: dir, env: KEYS });
      expect(split.code).toBe(0);
      const splitReport = JSON.parse(await readFile(join(dir, 's.json'), 'utf8')) as RunReport;
      expect(splitReport.cases[0]?.measurements.judgeAgreement).toBeCloseTo(2 / 3, 4);
    });
  }, 60_000);

  it('judge requests count against the run budget; a column judging itself is warned about', async () => {
    await inScratch(async (dir) => {
      await writeFile(join(dir, 'rubric.yaml'), RUBRIC);
      // 2 worker requests and 1 vote fit; the second vote does not.
      await writeManifest(
        dir,
        manifest('scripted-judge-agrees', ', budget: { max_requests: 3 }').replace('golden: { trials: 2', 'golden: { trials: 1'),
      );
      const spent = await runCli(['run', '--no-cache', '--reporter', 'json=b.json', '--only', 'read-a'], { cwd: dir, env: KEYS });
      const report = JSON.parse(await readFile(join(dir, 'b.json'), 'utf8')) as RunReport;
      expect(report.cases[0]).toMatchObject({ check: 'task-completion', status: 'error', label: 'budget-exhausted' });
      expect(report.roles).toEqual([{ role: 'judge', model: 'referee', requests: 1, inputTokens: expect.any(Number), outputTokens: 7 }]);
      expect(spent.code).toBe(1);
      await writeManifest(dir, manifest('scripted-judge-agrees').replaceAll('models: [worker]', 'models: [worker, referee]'));
      const self = await runCli(['run', '--no-cache', '--reporter', 'json=w.json', '--only', 'read-a'], { cwd: dir, env: KEYS });
      expect(self.stderr).toContain('warning: model column referee judges its own answers');
    });
  }, 60_000);

  it('a shard (--shard 1/1: the same cases through the shard path) reports the roles spend and warns the same', async () => {
    await inScratch(async (dir) => {
      await writeFile(join(dir, 'rubric.yaml'), RUBRIC);
      await writeManifest(dir, manifest('scripted-judge-agrees'));
      const sharded = await runCli(['run', '--no-cache', '--shard', '1/1', '--reporter', 'json=s.json'], { cwd: dir, env: KEYS });
      expect(sharded.code).toBe(0);
      const report = JSON.parse(await readFile(join(dir, 's.json'), 'utf8')) as RunReport;
      expect(report.roles).toEqual([{ role: 'judge', model: 'referee', requests: 12, inputTokens: expect.any(Number), outputTokens: 84 }]);
      await writeManifest(dir, manifest('scripted-judge-agrees').replaceAll('models: [worker]', 'models: [worker, referee]'));
      // --shard takes the whole manifest (no --only): the referee also works both cases here.
      const self = await runCli(['run', '--no-cache', '--shard', '1/1', '--reporter', 'json=w.json'], { cwd: dir, env: KEYS });
      expect(self.stderr).toContain('warning: model column referee judges its own answers');
    });
  }, 60_000);
});
