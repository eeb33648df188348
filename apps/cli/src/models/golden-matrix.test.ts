import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { HOST_PROMPTS } from '@mcp-eval/core';
import type { RunReport } from '@mcp-eval/core';
import type { ModelEndpoint } from '@mcp-eval/fixture-models';
import { startModelEndpoint } from '@mcp-eval/fixture-models';
import { CANARY } from '@mcp-eval/fixture-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inScratch, runCli, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';
import { GOLDEN, GOLDEN_CASES_YAML, goldenScripts } from './test-support/golden-set.js';
import { childProcesses, referenceToolNames } from './test-support/reference-tool-names.js';

let endpoint: ModelEndpoint;
const KEYS = { GPT_KEY: 'sk-test-not-a-key', CLAUDE_KEY: 'sk-ant-test-not-a-key' };

beforeAll(async () => {
  const tools = await referenceToolNames();
  const slow = {
    id: 'slow',
    request: {
      model: 'scripted-slow',
      tools,
      messages: [
        { role: 'system' as const, text: HOST_PROMPTS['neutral-v1'] },
        { role: 'user' as const, text: 'Show me item a' },
      ],
    },
    reply: { kind: 'slow' as const, delayMs: 30_000, then: { kind: 'answer' as const, calls: [] } },
  };
  endpoint = await startModelEndpoint([...goldenScripts(tools, HOST_PROMPTS['neutral-v1']), slow]);
}, 30_000);
afterAll(async () => endpoint.close());

const matrix = (extra = '') => `models:
  - { id: gpt, provider: openai, model: scripted-gpt, base_url: "${endpoint.baseUrl}", api_key: "\${env:GPT_KEY}" }
  - { id: claude, provider: anthropic, model: scripted-claude, base_url: "${endpoint.baseUrl}", api_key: "\${env:CLAUDE_KEY}" }
  - { id: lexical, provider: lexical }
${extra}golden: { trials: 5 }
`;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  // The manifest is the user's own file (its stub carries the canary on purpose): everything else is ours.
  return Promise.all(
    entries.filter((e) => e.isFile() && e.name !== 'mcp-eval.yaml').map((e) => readFile(join(e.parentPath, e.name), 'utf8')),
  );
}

describe('mcp-eval run: a golden set on a model matrix (real providers over loopback, the scripted endpoint)', () => {
  it('three columns × 12 cases × 5 trials complete with per-column scores; a rerun hits the cache fully (zero requests)', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, `version: 1\n${stdioServerYaml('reference')}\n${matrix()}cases:\n${GOLDEN_CASES_YAML}`);
      const before = endpoint.requests();
      const started = performance.now();
      const first = await runCli(['run', '--reporter', 'json=first.json', '--reporter', 'pretty'], { cwd: dir, env: KEYS });
      const firstMs = performance.now() - started;
      const sent = endpoint.requests() - before;
      expect(first.stderr).not.toMatch(/409|unscripted/);
      const report = JSON.parse(await readFile(join(dir, 'first.json'), 'utf8')) as RunReport;
      expect(GOLDEN).toHaveLength(12);
      // 12 cases; tool-selection cases with arguments and the sequence add argument-correctness records.
      const byColumn = (id: string) => report.cases.filter((r) => r.model === id);
      for (const column of ['gpt', 'claude', 'lexical'])
        expect(
          byColumn(column)
            .map((r) => r.runs)
            .every((n) => n === 5 || n === 0),
        ).toBe(true);
      expect(new Set(byColumn('gpt').map((r) => r.id)).size).toBe(12);
      // Requests: one per single-step trial, two per sequence trial, per provider column; none for lexical.
      expect(sent).toBe(2 * (11 * 5 + 2 * 5));
      const models = Object.fromEntries((report.models ?? []).map((m) => [m.id, m]));
      expect(models.gpt).toMatchObject({
        provider: 'openai',
        selectionAccuracy: 1,
        argumentCorrectness: 1,
        sequenceCorrectness: 1,
        overTriggerRate: 0,
        requests: 65,
        cachedTrials: 0,
      });
      expect(models.claude).toMatchObject({ provider: 'anthropic', requests: 65, sequenceCorrectness: 1, overTriggerRate: 0.5 });
      expect(models.claude?.selectionAccuracy).toBeCloseTo(8 / 9, 6);
      expect(models.claude?.argumentCorrectness).toBeCloseTo(4 / 5, 6);
      expect(models.lexical).toMatchObject({ provider: 'lexical', requests: 0 });
      expect(models.lexical?.selectionAccuracy).toBeTypeOf('number');
      expect(byColumn('claude').find((r) => r.id === 'remove-item')).toMatchObject({
        status: 'fail',
        label: 'selected-get_item'.replace('get_item', 'other'),
      });
      expect(byColumn('claude').find((r) => r.id === 'read-item-a' && r.check === 'argument-correctness')).toMatchObject({
        status: 'fail',
        label: 'unexpected-argument',
      });
      expect(first.code).toBe(1);

      const again = await runCli(['run', '--reporter', 'json=second.json'], { cwd: dir, env: KEYS });
      expect(endpoint.requests() - before).toBe(sent); // the rerun sent nothing
      const second = JSON.parse(await readFile(join(dir, 'second.json'), 'utf8')) as RunReport;
      for (const m of second.models ?? []) expect(m).toMatchObject({ requests: 0, cachedTrials: 60 });
      expect(second.cases.map((r) => [r.id, r.check, r.model, r.status, r.label])).toEqual(
        report.cases.map((r) => [r.id, r.check, r.model, r.status, r.label]),
      );
      expect(again.code).toBe(1);

      // The record boundary: no description, fed-back result or model text anywhere we write.
      for (const text of [first.stdout, first.stderr, again.stdout, again.stderr, ...(await filesUnder(dir))])
        expect(text).not.toContain(CANARY);
      expect((await filesUnder(join(dir, '.mcp-eval', 'cache'))).length).toBeGreaterThan(0);
      console.info(`golden matrix: first run ${Math.round(firstMs)} ms, ${sent} model requests; rerun 0 requests`);
    });
  }, 180_000);

  it('a changed model parameter misses the cache; --no-cache sends every trial again', async () => {
    await inScratch(async (dir) => {
      const one = GOLDEN_CASES_YAML.split('  - id: ')
        .slice(1, 2)
        .map((c) => `  - id: ${c}`)
        .join('');
      await writeManifest(dir, `version: 1\n${stdioServerYaml('reference')}\n${matrix()}cases:\n${one}`);
      const before = endpoint.requests();
      await runCli(['run', '--trials', '2'], { cwd: dir, env: KEYS });
      expect(endpoint.requests() - before).toBe(4);
      await runCli(['run', '--trials', '3'], { cwd: dir, env: KEYS }); // only the third trial is new
      expect(endpoint.requests() - before).toBe(6);
      await writeManifest(
        dir,
        `version: 1\n${stdioServerYaml('reference')}\n${matrix('model_defaults: { max_output_tokens: 300 }\n')}cases:\n${one}`,
      );
      await runCli(['run', '--trials', '3'], { cwd: dir, env: KEYS });
      expect(endpoint.requests() - before).toBe(12);
      await runCli(['run', '--trials', '3', '--no-cache'], { cwd: dir, env: KEYS });
      expect(endpoint.requests() - before).toBe(18);
    });
  }, 120_000);

  it('a column with no key is skip model-unavailable with zero requests (exit 0); --require-models makes it error (exit 1)', async () => {
    await inScratch(async (dir) => {
      const keyless = `models:\n  - { id: gpt, provider: openai, model: scripted-gpt, base_url: "${endpoint.baseUrl}", api_key: "\${env:UNSET_KEY}" }\n`;
      await writeManifest(dir, `version: 1\n${stdioServerYaml('reference')}\n${keyless}cases:\n${GOLDEN_CASES_YAML}`);
      const before = endpoint.requests();
      const skipped = await runCli(['run', '--reporter', 'json=out.json'], {
        cwd: dir,
        env: { OPENAI_API_KEY: 'the provider variable is not consulted' },
      });
      expect(skipped.code).toBe(0);
      const report = JSON.parse(await readFile(join(dir, 'out.json'), 'utf8')) as RunReport;
      expect(new Set(report.cases.map((r) => `${r.status} ${r.label}`))).toEqual(new Set(['skip model-unavailable']));
      const required = await runCli(['run', '--require-models', '--reporter', 'json=out.json'], { cwd: dir });
      expect(required.code).toBe(1);
      const strict = JSON.parse(await readFile(join(dir, 'out.json'), 'utf8')) as RunReport;
      expect(new Set(strict.cases.map((r) => `${r.status} ${r.label}`))).toEqual(new Set(['error model-unavailable']));
      expect(endpoint.requests() - before).toBe(0);
    });
  }, 120_000);

  it('the run budget is shared across columns: past golden.budget.max_requests a trial is error budget-exhausted and nothing is sent', async () => {
    await inScratch(async (dir) => {
      const one = GOLDEN_CASES_YAML.split('  - id: ')
        .slice(1, 2)
        .map((c) => `  - id: ${c}`)
        .join('');
      await writeManifest(
        dir,
        `version: 1\n${stdioServerYaml('reference')}\n${matrix().replace('golden: { trials: 5 }', 'golden: { trials: 5, budget: { max_requests: 3 } }')}cases:\n${one}`,
      );
      const before = endpoint.requests();
      const result = await runCli(['run', '--no-cache', '--reporter', 'json=out.json'], { cwd: dir, env: KEYS });
      expect(endpoint.requests() - before).toBe(3);
      const report = JSON.parse(await readFile(join(dir, 'out.json'), 'utf8')) as RunReport;
      const selection = report.cases.filter((r) => r.check === 'tool-selection' && r.model !== 'lexical');
      expect(selection.reduce((n, r) => n + (r.measurements.requests ?? 0), 0)).toBe(3);
      expect(selection.some((r) => r.status === 'error' && r.label === 'budget-exhausted')).toBe(true);
      expect(result.code).toBe(1);
    });
  }, 120_000);

  it('--baseline judges model records by the Newcombe interval: a column that went from 5/5 to 0/5 regressed', async () => {
    await inScratch(async (dir) => {
      const remove = GOLDEN_CASES_YAML.split('  - id: ')
        .filter((c) => c.startsWith('remove-item'))
        .map((c) => `  - id: ${c}`)
        .join('');
      const column = (model: string) =>
        `models:\n  - { id: m, provider: openai, model: ${model}, base_url: "${endpoint.baseUrl}", api_key: "\${env:GPT_KEY}" }\ngolden: { trials: 5 }\n`;
      await writeManifest(dir, `version: 1\n${stdioServerYaml('reference')}\n${column('scripted-gpt')}cases:\n${remove}`);
      expect((await runCli(['run', '--reporter', 'json=baseline.json'], { cwd: dir, env: KEYS })).code).toBe(0);
      const held = await runCli(['run', '--baseline', 'baseline.json', '--reporter', 'json=held.json'], { cwd: dir, env: KEYS });
      expect(held.code).toBe(0);
      expect(held.stderr).toContain('baseline (models): 1 compared, 0 regressed, 0 inconclusive');
      // The same column id, now served by the model that picks the wrong tool.
      await writeManifest(dir, `version: 1\n${stdioServerYaml('reference')}\n${column('scripted-claude')}cases:\n${remove}`);
      const worse = await runCli(['run', '--baseline', 'baseline.json', '--reporter', 'json=worse.json'], { cwd: dir, env: KEYS });
      expect(worse.code).toBe(1);
      const report = JSON.parse(await readFile(join(dir, 'worse.json'), 'utf8')) as RunReport;
      const record = report.cases.find((r) => r.model === 'm');
      expect(record?.findings?.[0]).toMatchObject({ label: 'regressed' });
      expect(record?.findings?.[0]?.measurements?.diffHigh).toBeLessThan(0);
      expect(worse.stderr).toMatch(/remove-item \[m\] tool-selection: regressed diffLow=-\d\.\d{4} diffHigh=-\d\.\d{4}/);
    });
  }, 120_000);

  it('a provider that hangs is model-timeout within its limit, and no process is left behind', async () => {
    await inScratch(async (dir) => {
      const slow = `models:\n  - { id: slow, provider: openai, model: scripted-slow, base_url: "${endpoint.baseUrl}", api_key: k, timeout_ms: 1500, max_retries: 0 }\n`;
      await writeManifest(
        dir,
        `version: 1\n${stdioServerYaml('reference')}\n${slow}cases:\n  - { id: read, behavior: tool-selection, task: "Show me item a", expect: { tool: get_item } }\n`,
      );
      const started = performance.now();
      const result = await runCli(['run', '--trials', '1', '--reporter', 'json=out.json'], { cwd: dir });
      const elapsed = performance.now() - started;
      expect(result.code).toBe(1);
      const report = JSON.parse(await readFile(join(dir, 'out.json'), 'utf8')) as RunReport;
      expect(report.cases[0]).toMatchObject({ status: 'error', label: 'model-timeout' });
      expect(elapsed).toBeLessThan(1500 + 8000); // the limit, plus starting the fixture server
      expect(await childProcesses()).toEqual([]);
    });
  }, 60_000);
});
