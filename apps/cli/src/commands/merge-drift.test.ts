import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import { CANARY, stdioFixture } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import type { CliResult } from '../test-support/run-cli.js';
import { inScratch, runCli, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';

const drifting = [stdioFixture('drifting-catalog').command, ...stdioFixture('drifting-catalog').args].map((w) => `'${w}'`).join(' ');

/**
 * One manifest for both releases: the era comes from the environment (`${env:ERA}`), so the shards
 * of one manifest and target can still meet a server that changed between them, as on CI runners.
 */
const MANIFEST = `version: 1
${stdioServerYaml('drifting-catalog', 'auto', { FIXTURE_DRIFT_ERA: '${env:ERA}' })}
cases:
${['a', 'b', 'c', 'd', 'e', 'f'].map((id) => `  - { id: guess-${id}, dimension: schema-guessability, tool: description_edit, arguments: {}, read_only: true }\n`).join('')}`;

type Era = 'before' | 'after';

const read = async (dir: string, file: string): Promise<RunReport> => JSON.parse(await readFile(join(dir, file), 'utf8')) as RunReport;

/** Runs the two shards, each on `eras[k-1]`, writing shard-k.json. */
async function shards(dir: string, eras: readonly [Era, Era]): Promise<void> {
  for (const [i, era] of eras.entries()) {
    const shard = await runCli(['run', '--shard', `${i + 1}/2`, '--reporter', `json=shard-${i + 1}.json`], { cwd: dir, env: { ERA: era } });
    expect(shard.code).toBe(0);
  }
}

async function merge(dir: string, extra: readonly string[]): Promise<CliResult> {
  return runCli(['merge', 'shard-1.json', 'shard-2.json', ...extra], { cwd: dir, env: { ERA: 'after' } });
}

/** The drift records, as what a user acts on. */
const drift = (report: RunReport) =>
  report.cases
    .filter((r) => r.check === 'drift')
    .map((r) => ({ id: r.id, status: r.status, label: r.label ?? null, findings: (r.findings ?? []).map((f) => f.label) }))
    .sort((a, b) => a.id.localeCompare(b.id));

async function expectNoCanary(dir: string, files: readonly string[], ...texts: string[]): Promise<void> {
  for (const text of texts) expect(text).not.toContain(CANARY);
  for (const file of files) expect(await readFile(join(dir, file), 'utf8')).not.toContain(CANARY);
}

describe('mcp-eval merge --baseline: catalog drift', () => {
  it("the merged run carries the shards' catalog and adds the drift records run --baseline adds, to a snapshot and to a merged run", async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, MANIFEST);
      expect((await runCli(['snapshot', '--stdio', drifting, '--reporter', 'json=snap.json'], { cwd: dir })).code).toBe(0);

      // The unsharded run against the snapshot: what merge must equal.
      const whole = await runCli(['run', '--baseline', 'snap.json', '--reporter', 'json=whole.json'], { cwd: dir, env: { ERA: 'after' } });
      expect(whole.code).toBe(1); // the annotation flip is breaking
      const expected = drift(await read(dir, 'whole.json'));
      expect(expected.map((r) => r.id)).toContain('drift/annotation-flipped/flips_read_only/readOnlyHint');
      expect(expected).toHaveLength(9);

      await shards(dir, ['after', 'after']);
      const shard = await read(dir, 'shard-1.json');
      expect(shard.catalog?.complete).toBe(true);
      const merged = await merge(dir, ['--baseline', 'snap.json', '--reporter', 'json=merged.json', '--reporter', 'sarif=merged.sarif']);
      expect(merged.code).toBe(1);
      const report = await read(dir, 'merged.json');
      expect(drift(report)).toEqual(expected);
      expect(report.catalog).toEqual(shard.catalog);
      expect(report.checks.map((c) => c.id)).toContain('drift');
      await expectNoCanary(dir, ['merged.json', 'merged.sarif', 'shard-1.json', 'shard-2.json'], merged.stdout, merged.stderr);

      // A merged run of the earlier release is a baseline too: it carries its catalog.
      await shards(dir, ['before', 'before']);
      expect((await merge(dir, ['--reporter', 'json=merged-before.json'])).code).toBe(0);
      await shards(dir, ['after', 'after']);
      const again = await merge(dir, ['--baseline', 'merged-before.json', '--reporter', 'json=merged-again.json']);
      expect(again.code).toBe(1);
      expect(drift(await read(dir, 'merged-again.json'))).toEqual(expected);

      // The same release against itself: no drift records, and the run passes.
      const same = await merge(dir, ['--baseline', 'merged.json', '--reporter', 'json=same.json']);
      expect(same.code).toBe(0);
      expect(drift(await read(dir, 'same.json'))).toEqual([]);
    });
  }, 120_000);

  it('shards that read different catalogs (the server changed between them) are refused with exit 2, fixed text', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, MANIFEST);
      await shards(dir, ['before', 'after']);
      for (const extra of [[], ['--baseline', 'shard-1.json']]) {
        const merged = await merge(dir, [...extra, '--reporter', 'json=merged.json']);
        expect(merged.code).toBe(2);
        expect(merged.stderr).toContain(
          'shard-2.json (shard 2/2) read another tool catalog than shard-1.json (shard 1/2) (their catalog fingerprints differ): the server changed between shards',
        );
        expect(merged.stdout + merged.stderr).not.toContain(CANARY);
      }
    });
  }, 60_000);
});
