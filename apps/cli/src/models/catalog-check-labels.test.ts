import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import type { ModelEndpoint } from '@mcp-eval/fixture-models';
import { startModelEndpoint } from '@mcp-eval/fixture-models';
import { CANARY } from '@mcp-eval/fixture-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inScratch, runCli, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';
import { childProcesses } from './test-support/reference-tool-names.js';

/** Column id → [wire, scripted model] (fixtures/model-endpoint/src/catalog-check-scripts.ts). */
const COLUMNS: Record<string, readonly ['openai' | 'anthropic', string]> = {
  steady: ['openai', 'scripted-catalog-steady'],
  'steady-claude': ['anthropic', 'scripted-catalog-steady'],
  missing: ['openai', 'scripted-catalog-missing'],
  hallucinated: ['anthropic', 'scripted-catalog-hallucinated'],
  mistyped: ['openai', 'scripted-catalog-mistyped'],
  swapped: ['openai', 'scripted-catalog-swapped'],
  swayed: ['anthropic', 'scripted-catalog-swayed'],
};
const STEADY = ['steady', 'steady-claude'];
const CASES: Record<string, readonly string[]> = {
  'argument-generation': [...STEADY, 'missing', 'hallucinated', 'mistyped'],
  'catalog-scaling': [...STEADY, 'swayed'],
  'safety-resistance': [...STEADY, 'swapped'],
  'overlap-disambiguation': [...STEADY, 'swapped'],
};

let endpoint: ModelEndpoint;
beforeAll(async () => {
  endpoint = await startModelEndpoint();
}, 30_000);
afterAll(async () => endpoint.close());

function manifest(callLog: string): string {
  const column = (id: string, [wire, model]: readonly [string, string]) =>
    `  - { id: ${id}, provider: ${wire}, model: ${model}, base_url: "${endpoint.baseUrl}", api_key: test-key-not-real }\n`;
  const models = Object.entries({ writer: ['anthropic', 'scripted-generator-per-tool'] as const, ...COLUMNS })
    .map(([id, spec]) => column(id, spec))
    .join('');
  const cases = Object.entries(CASES)
    .map(([check, columns]) => `  - { id: ${check}-case, behavior: ${check}, models: [${columns.join(', ')}] }\n`)
    .join('');
  return `version: 1\n${stdioServerYaml('reference', 'auto', { FIXTURE_CALL_LOG: callLog })}\nmodels:\n${models}generator: { model: writer }\ngolden: { trials: 1 }\ncases:\n${cases}`;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return Promise.all(entries.filter((e) => e.isFile()).map((e) => readFile(join(e.parentPath, e.name), 'utf8')));
}

describe('every label of the generated catalog-only checks, through the real openai and anthropic providers', () => {
  it('a generator writes one request per reference tool; scripted selectors answer each by the request it carries; a rerun sends nothing', async () => {
    await inScratch(async (dir) => {
      const callLog = join(dir, 'calls.log');
      await writeManifest(dir, manifest(callLog));
      const from = endpoint.log.length;
      const started = performance.now();
      const result = await runCli(['run', '--reporter', 'json=out.json'], { cwd: dir });
      const ms = performance.now() - started;
      if (result.code === 2) throw new Error(result.stderr);
      const report = JSON.parse(await readFile(join(dir, 'out.json'), 'utf8')) as RunReport;
      const got = (check: string) =>
        Object.fromEntries(report.cases.filter((r) => r.check === check).map((r) => [r.model, `${r.status} ${r.label}`]));
      const measured = (check: string, model: string) => report.cases.find((r) => r.check === check && r.model === model)?.measurements;

      expect(got('argument-generation')).toEqual({
        steady: 'pass schema-valid',
        'steady-claude': 'pass schema-valid',
        missing: 'fail missing-required',
        // get_item's schema leaves additionalProperties unstated: an extra name is allowed.
        hallucinated: 'pass schema-valid',
        mistyped: 'fail type-mismatch',
      });
      // One tool of the reference's eleven is filled wrongly.
      expect(measured('argument-generation', 'steady')?.validRate).toBe(1);
      expect(measured('argument-generation', 'missing')?.validRate).toBe(0.9091);
      const missing = report.cases.find((r) => r.check === 'argument-generation' && r.model === 'missing');
      expect(missing?.findings?.find((f) => f.tool === 'get_item')).toMatchObject({
        label: 'missing-required',
        measurements: { validRate: 0 },
      });

      expect(got('catalog-scaling')).toEqual({ steady: 'pass holds', 'steady-claude': 'pass holds', swayed: 'fail degrades' });
      expect(measured('catalog-scaling', 'steady')).toMatchObject({ accuracyAt1x: 1, accuracyAt2x: 1, accuracyAt4x: 1, toolsAt4x: 44 });
      expect(measured('catalog-scaling', 'swayed')).toMatchObject({ accuracyAt1x: 1, accuracyAt2x: 0.0909, accuracyAt4x: 0.0909 });

      expect(got('safety-resistance')).toEqual({
        steady: 'pass resisted',
        'steady-claude': 'pass resisted',
        swapped: 'fail destructive-triggered',
      });
      expect(measured('safety-resistance', 'steady')?.destructiveTriggerRate).toBe(0);
      expect(measured('safety-resistance', 'swapped')?.destructiveTriggerRate).toBeGreaterThan(0);

      expect(got('overlap-disambiguation')).toEqual({
        steady: 'pass disambiguated',
        'steady-claude': 'pass disambiguated',
        swapped: 'fail confused',
      });
      expect(result.code).toBe(1);

      // Every request was answered by a script (none unscripted), over both wires, the generator's forced.
      const log = endpoint.log.slice(from);
      expect(log.filter((r) => r.scriptId === undefined)).toEqual([]);
      expect(new Set(log.map((r) => r.wire))).toEqual(new Set(['openai', 'anthropic']));
      expect(log.filter((r) => r.forcedTool === 'write_request').length).toBeGreaterThan(0);
      // Nothing the columns chose was executed against the server.
      expect(await readFile(callLog, 'utf8').catch(() => '')).toBe('');
      // Descriptions, generated requests and scripted text (all carry the canary) reach no output, report or cache file.
      expect((await filesUnder(join(dir, '.mcp-eval', 'cache'))).length).toBeGreaterThan(0);
      for (const text of [result.stdout, result.stderr, ...(await filesUnder(dir))]) expect(text).not.toContain(CANARY);
      // A rerun replays every judged outcome from the cache: the same verdicts, not one model request.
      const again = await runCli(['run', '--reporter', 'json=again.json'], { cwd: dir });
      expect(endpoint.log.length).toBe(from + log.length);
      const replayed = JSON.parse(await readFile(join(dir, 'again.json'), 'utf8')) as RunReport;
      expect(replayed.cases.map((r) => [r.check, r.model, r.status, r.label])).toEqual(
        report.cases.map((r) => [r.check, r.model, r.status, r.label]),
      );
      expect(again.code).toBe(1);
      for (const text of [again.stdout, again.stderr, ...(await filesUnder(dir))]) expect(text).not.toContain(CANARY);
      expect(await childProcesses()).toEqual([]);
      console.info(`catalog-check labels: ${Math.round(ms)} ms, ${log.length} model requests`);
    });
  }, 120_000);
});
