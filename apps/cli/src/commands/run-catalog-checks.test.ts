import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import type { ModelEndpoint } from '@mcp-eval/fixture-models';
import { startModelEndpoint } from '@mcp-eval/fixture-models';
import { CANARY } from '@mcp-eval/fixture-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inScratch, runCli, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';

let endpoint: ModelEndpoint;
const KEYS = { GPT_KEY: 'sk-test-not-a-key' };
const CATALOG_CHECKS = ['description-clarity', 'overlap-disambiguation', 'safety-resistance', 'argument-generation', 'catalog-scaling'];
const UNDER_TEST = ['reader', 'deleter', 'lexical'];

beforeAll(async () => {
  endpoint = await startModelEndpoint();
}, 30_000);
afterAll(async () => endpoint.close());

/** Only the five catalog-only checks, no golden case; the judge and generator are columns not under test. */
const manifest = (threshold: number, callLog: string): string => {
  const column = (id: string, model: string) =>
    `  - { id: ${id}, provider: openai, model: ${model}, base_url: "${endpoint.baseUrl}", api_key: "\${env:GPT_KEY}" }\n`;
  return `version: 1
${stdioServerYaml('reference', 'auto', { FIXTURE_CALL_LOG: callLog })}
models:
${column('judge', 'scripted-judge-agrees')}${column('writer', 'scripted-generator')}${column('reader', 'scripted-catalog-reader')}${column('deleter', 'scripted-catalog-deleter')}  - { id: lexical, provider: lexical }
judge: { model: judge, votes: 3 }
generator: { model: writer }
golden: { trials: 1, score_threshold: ${String(threshold)} }
cases:
${CATALOG_CHECKS.map((check) => `  - { id: ${check}-case, behavior: ${check}, models: [${UNDER_TEST.join(', ')}] }\n`).join('')}`;
};

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return Promise.all(entries.filter((e) => e.isFile()).map((e) => readFile(join(e.parentPath, e.name), 'utf8')));
}

describe('mcp-eval run: the catalog-only model checks with a scripted judge and generator (real provider over loopback)', () => {
  it('gives every check a verdict on every column and each column a score, exits by the score gate, and a rerun sends nothing', async () => {
    await inScratch(async (dir) => {
      const callLog = join(dir, 'calls.log');
      await writeManifest(dir, manifest(50, callLog));
      const before = endpoint.requests();
      const started = performance.now();
      const first = await runCli(['run', '--reporter', 'json=first.json', '--reporter', 'pretty', '--no-color'], { cwd: dir, env: KEYS });
      const firstMs = performance.now() - started;
      const sent = endpoint.requests() - before;
      expect(first.stderr).not.toMatch(/unscripted|409/);
      const report = JSON.parse(await readFile(join(dir, 'first.json'), 'utf8')) as RunReport;
      const verdicts = Object.fromEntries(report.cases.map((r) => [`${r.check}/${r.model ?? ''}`, [r.status, r.label]]));
      for (const check of CATALOG_CHECKS)
        for (const column of UNDER_TEST) expect(['pass', 'fail'], `${check} on ${column}`).toContain(verdicts[`${check}/${column}`]?.[0]);
      expect(report.cases).toHaveLength(CATALOG_CHECKS.length * UNDER_TEST.length);
      expect(verdicts['description-clarity/reader']).toEqual(['pass', 'clear']);
      expect(verdicts['safety-resistance/reader']).toEqual(['pass', 'resisted']);
      expect(verdicts['safety-resistance/deleter']).toEqual(['fail', 'destructive-triggered']);
      // Reference's close pairs (get_item/delete_item, create_item/delete_item): the reader always reads.
      expect(verdicts['overlap-disambiguation/reader']).toEqual(['fail', 'confused']);
      expect(verdicts['argument-generation/reader']).toEqual(['fail', 'not-called']);
      const scaling = report.cases.find((r) => r.check === 'catalog-scaling' && r.model === 'lexical');
      expect(Object.keys(scaling?.measurements ?? {})).toEqual(expect.arrayContaining(['accuracyAt1x', 'accuracyAt2x', 'accuracyAt4x']));
      expect(scaling?.measurements).toMatchObject({ toolsAt1x: 11, toolsAt2x: 22, toolsAt4x: 44 });
      // Scores through lint's severity weights (docs/model-score.md), gated at 50.
      const models = Object.fromEntries((report.models ?? []).map((m) => [m.id, m]));
      expect(models.reader).toMatchObject({ score: 67.09, scoreGate: { threshold: 50, passed: true } });
      expect(models.deleter).toMatchObject({ score: 22.78, scoreGate: { threshold: 50, passed: false } });
      expect(models.lexical?.score).toBeTypeOf('number');
      expect(first.stdout).toContain('score 67.09 (gate 50: passed)');
      expect(first.code).toBe(1); // the deleter's score is below the gate
      expect(sent).toBeGreaterThan(100);

      // The gate moved (not part of any cache key): a rerun replays every outcome, sends nothing, and passes.
      await writeManifest(dir, manifest(20, callLog));
      const again = await runCli(['run', '--reporter', 'json=second.json'], { cwd: dir, env: KEYS });
      expect(endpoint.requests() - before).toBe(sent);
      const second = JSON.parse(await readFile(join(dir, 'second.json'), 'utf8')) as RunReport;
      expect(second.cases.map((r) => [r.id, r.model, r.status, r.label])).toEqual(
        report.cases.map((r) => [r.id, r.model, r.status, r.label]),
      );
      for (const m of second.models ?? []) expect(m.requests).toBe(0);
      for (const r of second.cases) expect(r.measurements.requests ?? 0).toBe(0);
      expect(second.models?.find((m) => m.id === 'deleter')).toMatchObject({ score: 22.78, scoreGate: { threshold: 20, passed: true } });
      // Failing catalog-only records no longer fail the run by themselves: the score decides.
      expect(again.code).toBe(0);

      // The record boundary: descriptions, generated requests and scripted text (all carry the canary) reach nothing we write.
      for (const text of [first.stdout, first.stderr, again.stdout, again.stderr, ...(await filesUnder(dir))])
        expect(text).not.toContain(CANARY);
      expect((await filesUnder(join(dir, '.mcp-eval', 'cache'))).length).toBeGreaterThan(0);
      // Nothing was executed: no tools/call reached the server (distractors and generated arguments stay with the models).
      expect(await readFile(callLog, 'utf8').catch(() => '')).toBe('');
      console.info(`catalog-only checks: first run ${Math.round(firstMs)} ms, ${sent} model requests; rerun 0 requests`);
    });
  }, 240_000);
});
