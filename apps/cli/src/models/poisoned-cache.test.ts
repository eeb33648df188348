import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { RunReport } from '@mcp-eval/core';
import { describe, expect, it } from 'vitest';

import { inScratch, runCli, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';

// The lexical column asked to store a value picks another tool: a failing trial, cached, no network.
const MANIFEST = `version: 1
${stdioServerYaml('reference')}
models:
  - { id: lexical, provider: lexical }
golden: { trials: 1 }
cases:
  - id: store-item
    behavior: tool-selection
    task: "Echo the word hello back to me"
    expect: { tool: create_item }
    gate: soft
`;

async function entries(dir: string): Promise<string[]> {
  const folder = join(dir, '.mcp-eval', 'cache', 'model');
  return (await readdir(folder)).filter((name) => name.endsWith('.json')).map((name) => join(folder, name));
}

async function rewriteAll(dir: string, entry: object): Promise<void> {
  for (const path of await entries(dir)) {
    const old = JSON.parse(await readFile(path, 'utf8')) as { measurements: object };
    await writeFile(path, JSON.stringify({ ...entry, measurements: old.measurements }));
  }
}

const run = async (dir: string): Promise<{ code: number | null; report: RunReport }> => {
  const result = await runCli(['run', '--reporter', 'json=out.json'], { cwd: dir });
  return { code: result.code, report: JSON.parse(await readFile(join(dir, 'out.json'), 'utf8')) as RunReport };
};

describe('mcp-eval run: a poisoned outcome cache', () => {
  it.each([
    ['a label from another check', { status: 'pass', label: 'rubric-met' }],
    ['a status the label cannot have', { status: 'pass', label: 'selected-other' }],
    ['an error, which is never stored', { status: 'error', label: 'provider-error' }],
  ])(
    '%s is a miss: the trial is judged again',
    async (_what, entry) => {
      await inScratch(async (dir) => {
        await writeManifest(dir, MANIFEST);
        const first = await run(dir);
        expect(first.code).toBe(1);
        expect(first.report.cases.find((c) => c.id === 'store-item')).toMatchObject({ status: 'fail' });
        expect((await entries(dir)).length).toBeGreaterThan(0);
        await rewriteAll(dir, entry);
        const second = await run(dir);
        expect(second.code).toBe(1);
        expect(second.report.cases.find((c) => c.id === 'store-item')).toMatchObject({ status: 'fail' });
        expect(second.report.models?.[0]).toMatchObject({ cachedTrials: 0 });
      });
    },
    60_000,
  );
});
