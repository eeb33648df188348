import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import type { RunReport } from '@mcp-eval/core';
import { githubProfileErrors, sarifSchemaErrors } from '@mcp-eval/test-support';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { CLI, inScratch, writeManifest } from '../test-support/run-cli.js';
import { shardedManifest } from './test-support/sharded-manifest.js';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (path: string): Promise<string> => readFile(join(repoRoot, path), 'utf8');

interface Step {
  readonly name?: string;
  readonly id?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, unknown>;
}
interface Action {
  readonly inputs: Record<string, { readonly description: string; readonly default?: string }>;
  readonly outputs: Record<string, { readonly value: string }>;
  readonly runs: { readonly using: string; readonly steps: readonly Step[] };
}
interface Workflow {
  readonly jobs: Record<string, { readonly strategy?: { readonly matrix: Record<string, unknown> }; readonly steps: readonly Step[] }>;
}

const action = async (): Promise<Action> => parse(await read('action.yml')) as Action;
const evaluateStep = (a: Action): Step => a.runs.steps.find((step) => step.id === 'evaluate') ?? {};

/** The `with:` keys of every step that uses the root action (`./`, or `mcp-eval/mcp-eval@…` as docs show it). */
function actionInputsUsed(steps: readonly Step[]): string[] {
  return steps
    .filter((step) => step.uses === './' || step.uses?.startsWith('mcp-eval/mcp-eval@') === true)
    .flatMap((step) => Object.keys(step.with ?? {}));
}

describe('action.yml', () => {
  it('is a composite action that installs, evaluates, uploads SARIF and the report, with inputs for manifest, reporters, shard and baseline', async () => {
    const a = await action();
    expect(a.runs.using).toBe('composite');
    for (const input of ['manifest', 'reporters', 'shard', 'baseline', 'merge']) expect(Object.keys(a.inputs)).toContain(input);
    const uses = a.runs.steps.map((step) => step.uses ?? '');
    expect(uses).toContain('github/codeql-action/upload-sarif@v4');
    expect(uses).toContain('actions/upload-artifact@v4');
  });

  it('refers only to inputs it declares and outputs its evaluate step writes, and puts no input into a script', async () => {
    const text = await read('action.yml');
    const a = parse(text) as Action;
    for (const [, name] of text.matchAll(/inputs\.([a-z-]+)/g)) expect(Object.keys(a.inputs), name).toContain(name);
    const script = evaluateStep(a).run ?? '';
    for (const [, name] of text.matchAll(/steps\.evaluate\.outputs\.([a-z-]+)/g)) expect(script, name).toContain(`put ${name ?? ''} `);
    // Inputs reach the shell as environment variables only: no `${{ … }}` inside a `run:` script.
    for (const step of a.runs.steps) expect(step.run ?? '', step.name).not.toContain('${{');
  });
});

describe('the sharded workflow examples', () => {
  it('.github/workflows/mcp-eval-sharded.yml shards over a matrix with the root action and merges once, passing only declared inputs', async () => {
    const a = await action();
    const workflow = parse(await read('.github/workflows/mcp-eval-sharded.yml')) as Workflow;
    const shard = workflow.jobs['shard'];
    const merge = workflow.jobs['merge'];
    if (shard === undefined || merge === undefined) throw new Error('the workflow has no shard or merge job');
    const steps = [...shard.steps, ...merge.steps];
    for (const input of actionInputsUsed(steps)) expect(Object.keys(a.inputs), input).toContain(input);
    const sharded = shard.steps.find((step) => step.uses === './');
    const count = Number(/^\$\{\{ matrix\.shard \}\}\/(\d+)$/.exec(String(sharded?.with?.['shard']))?.[1]);
    expect(shard.strategy?.matrix['shard']).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(merge.steps.find((step) => step.uses === './')?.with?.['merge']).toBe('shards');
    expect(merge.steps.some((step) => step.uses === 'actions/download-artifact@v4' && step.with?.['pattern'] === 'mcp-eval-shard-*')).toBe(
      true,
    );
  });

  it("docs/ci.md's YAML blocks parse, and the ones using the action pass only declared inputs", async () => {
    const a = await action();
    const docs = await read('docs/ci.md');
    const blocks = [...docs.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
    expect(blocks.length).toBeGreaterThan(2);
    const used: string[] = [];
    for (const block of blocks) {
      const parsed = parse(block) as Partial<Workflow> | null;
      for (const job of Object.values(parsed?.jobs ?? {})) used.push(...actionInputsUsed(job.steps));
    }
    expect(used).toContain('shard');
    for (const input of used) expect(Object.keys(a.inputs), input).toContain(input);
    expect(docs).toContain('parallel:');
    expect(docs).toContain('mcp-eval merge');
  });
});

/** Runs the action's evaluate script as the runner would: bash, its env, a GITHUB_OUTPUT file. */
async function evaluate(dir: string, env: Record<string, string>): Promise<Record<string, string>> {
  return parseOutputs(await evaluateRaw(dir, env));
}

/** GITHUB_OUTPUT in the delimiter form (`name<<DELIM`, the value's lines, `DELIM`), as the runner reads it. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const match = /^([a-z-]+)<<(.+)$/.exec(lines[i] ?? '');
    if (match === null) {
      if ((lines[i] ?? '') !== '') throw new Error(`GITHUB_OUTPUT line ${i + 1} is not in the delimiter form`);
      continue;
    }
    const end = lines.indexOf(match[2] ?? '', i + 1);
    if (end === -1) throw new Error(`GITHUB_OUTPUT: ${match[1] ?? ''} has no closing delimiter`);
    if (Object.hasOwn(outputs, match[1] ?? '')) throw new Error(`GITHUB_OUTPUT: ${match[1] ?? ''} is written twice`);
    outputs[match[1] ?? ''] = lines.slice(i + 1, end).join('\n');
    i = end;
  }
  return outputs;
}

/** The evaluate script's exit code, stdout and GITHUB_OUTPUT text, whatever the code. */
async function evaluateStatus(dir: string, env: Record<string, string>): Promise<{ code: number; stdout: string; outputs: string }> {
  try {
    const outputs = await evaluateRaw(dir, env);
    return { code: 0, stdout: '', outputs };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', outputs: await readFile(outputFile(dir, env), 'utf8') };
  }
}

function outputFile(dir: string, env: Record<string, string>): string {
  return join(
    dir,
    `github-output-${Object.values(env)
      .join('-')
      .replaceAll(/[^a-z0-9-]/gi, '_')}`,
  );
}

async function evaluateRaw(dir: string, env: Record<string, string>): Promise<string> {
  const script = evaluateStep(await action()).run ?? '';
  const output = outputFile(dir, env);
  await writeFile(output, '');
  await run('bash', ['-c', script], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      CI: 'true',
      GITHUB_OUTPUT: output,
      MCP_EVAL_CLI: CLI,
      MANIFEST: 'mcp-eval.yaml',
      REPORTERS: '',
      SHARD: '',
      MERGE: '',
      BASELINE: '',
      ARGS: '--no-cache',
      OUTPUT_DIR: 'reports',
      ARTIFACT_NAME: '',
      ...env,
    },
  });
  return readFile(output, 'utf8');
}

describe("the action's evaluate step, run by bash on the built CLI", () => {
  it('runs three shards, then merges them into the whole run with SARIF and HTML, as the example workflow does', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, shardedManifest(16, 4));
      const shards = await Promise.all(
        [1, 2, 3].map((k) => evaluate(dir, { SHARD: `${k}/3`, REPORTERS: 'pretty', BASELINE: 'baseline/none.json' })),
      );
      await mkdir(join(dir, 'shards'));
      for (const [i, outputs] of shards.entries()) {
        expect(outputs).toMatchObject({ artifact: `mcp-eval-shard-${i + 1}-of-3`, report: `reports/mcp-eval-shard-${i + 1}-of-3.json` });
        expect(outputs['artifact-path']).toBe(outputs['report']);
        const report = outputs['report'] ?? '';
        await copyFile(join(dir, report), join(dir, 'shards', report.slice('reports/'.length)));
      }
      const whole = await evaluate(dir, { OUTPUT_DIR: 'whole' });
      const merged = await evaluate(dir, { MERGE: 'shards', REPORTERS: 'junit=reports/mcp-eval.xml', ARGS: '' });
      expect(merged).toMatchObject({ artifact: 'mcp-eval-report', report: 'reports/mcp-eval.json', 'artifact-path': 'reports' });
      expect(merged['exit-code']).toBe(whole['exit-code']);
      expect(merged['exit-code']).toBe('1'); // the tight discovery budgets fail

      const json = (path: string) => readFile(join(dir, path), 'utf8').then((text) => JSON.parse(text) as RunReport);
      const ids = (report: RunReport) => report.cases.map((c) => `${c.id}/${c.model ?? ''}/${c.status}/${c.label ?? ''}`).sort();
      expect(ids(await json('reports/mcp-eval.json'))).toEqual(ids(await json('whole/mcp-eval.json')));
      const sarif = await readFile(join(dir, 'reports/mcp-eval.sarif'), 'utf8');
      expect(sarifSchemaErrors(JSON.parse(sarif))).toEqual([]);
      expect(githubProfileErrors(sarif)).toEqual([]);
      expect(await readFile(join(dir, 'reports/mcp-eval.html'), 'utf8')).toContain('<html');
      expect(await readFile(join(dir, 'reports/mcp-eval.xml'), 'utf8')).toContain('<testsuites');
    });
  }, 180_000);

  it('refuses a single-value input with a line break: the step fails, and no output line is forged', async () => {
    await inScratch(async (dir) => {
      for (const env of [
        { ARTIFACT_NAME: 'name\nexit-code=0' },
        { OUTPUT_DIR: 'reports\rexit-code=0' },
        { SHARD: '1/2\nexit-code=0' },
        { MANIFEST: 'mcp-eval.yaml\nexit-code=0' },
      ]) {
        const result = await evaluateStatus(dir, env);
        expect(result.code, JSON.stringify(env)).toBe(2);
        expect(result.stdout).toMatch(/^::error::the (artifact-name|output-dir|shard|manifest) input must be one line\n$/);
        expect(result.outputs).toBe('');
      }
    });
  });

  it('passes the manifest after `--`: a manifest named like a flag is a file that does not exist (exit 2), never a flag', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, shardedManifest(2, 0));
      for (const manifest of ['--help', '--only=x', '--version']) {
        const outputs = await evaluate(dir, { MANIFEST: manifest });
        expect(outputs['exit-code'], manifest).toBe('2');
      }
    });
  }, 60_000);
});
