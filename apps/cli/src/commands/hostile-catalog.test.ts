import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { CANARY, stdioFixture } from '@mcp-eval/fixture-servers';
import { afterEach, describe, expect, it } from 'vitest';

import { CLI, runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';
import type { CliResult } from '../test-support/run-cli.js';

/** Catalogs built to exhaust memory or stack, and listings that break (docs/security.md, Limits). */

/** Far above the ~0.5 GB `run` and ~1.1 GB `lint` measured, far below the 4.3 GB heap exhaustion seen before the budget. */
const PEAK_RSS_CEILING_KB = 1.5 * 1024 * 1024;

interface SampledResult extends CliResult {
  /** The CLI process's peak resident set (VmHWM), as last read from /proc while it ran. */
  readonly peakRssKb: number;
}

/** Runs the built CLI like `runCli`, sampling its VmHWM from /proc every 50 ms. */
function runCliSampled(args: readonly string[], cwd: string): Promise<SampledResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let peakRssKb = 0;
    const sample = (): void => {
      try {
        const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(child.pid)}/status`, 'utf8'));
        if (match) peakRssKb = Math.max(peakRssKb, Number(match[1]));
      } catch {
        // Exited between samples: VmHWM only grows, so the last reading stands.
      }
    };
    const timer = setInterval(sample, 50);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', sample);
    child.once('close', (code) => {
      clearInterval(timer);
      resolve({ code, stdout, stderr, peakRssKb });
    });
  });
}

/** Running processes whose environment carries `tag`: fixture servers this test started. */
function processesTagged(tag: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return readFileSync(`/proc/${name}/environ`, 'utf8').includes(tag);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The hostile-catalog fixture as a `--stdio` command line and its `--env` flags, tagged. */
function stdioFlags(flaw: string, tag: string, fixture: 'hostile-catalog' | 'broken-pagination' = 'hostile-catalog'): string[] {
  const spec = stdioFixture(fixture);
  return ['--stdio', [spec.command, ...spec.args].join(' '), '--env', `FIXTURE_FLAW=${flaw}`, '--env', `MCP_EVAL_TEST_TAG=${tag}`];
}

function manifestYaml(flaw: string, tag: string, serverExtra = ''): string {
  const spec = stdioFixture('hostile-catalog', { FIXTURE_FLAW: flaw, MCP_EVAL_TEST_TAG: tag });
  return `version: 1
server:
  stdio:
    command: ${JSON.stringify(spec.command)}
    args: ${JSON.stringify(spec.args)}
    env: ${JSON.stringify(spec.env)}
  timeout_ms: 30000${serverExtra}
cases:
  - id: catalog-size
    dimension: discovery-cost
    max_tools: 100
    max_schema_bytes: 100000000
  - id: catalog-tokens
    probe: token-cost
    max_total_tokens: 100000000
  - id: catalog-pages
    probe: pagination
    max_pages: 1000
`;
}

interface ReportJson {
  readonly cases: readonly {
    id: string;
    status: string;
    label?: string;
    measurements: Record<string, number>;
    findings?: { tool?: string; label: string; measurements?: Record<string, number> }[];
  }[];
  readonly gate?: { passed: boolean; failures: string[] };
  readonly invocationErrors?: { label: string }[];
}

async function readJson(path: string): Promise<ReportJson> {
  return JSON.parse(await readFile(path, 'utf8')) as ReportJson;
}

async function expectNoCanaryIn(paths: readonly string[], ...texts: string[]): Promise<void> {
  for (const path of paths) expect(await readFile(path, 'utf8'), path).not.toContain(CANARY);
  for (const text of texts) expect(text).not.toContain(CANARY);
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function scratch(): Promise<string> {
  const { dir, cleanup } = await scratchDir();
  cleanups.push(cleanup);
  return dir;
}

describe('an endless catalog of ~15 MB pages', () => {
  it(
    'run: every catalog case fails catalog-budget-exceeded, every reporter writes, memory stays bounded',
    { timeout: 120_000 },
    async () => {
      const dir = await scratch();
      const tag = randomUUID();
      const manifest = await writeManifest(dir, manifestYaml('endless-huge', tag));
      const reports = ['json', 'junit', 'sarif'].map((name) => join(dir, `report.${name}`));
      const reporterFlags = ['json', 'junit', 'sarif'].flatMap((name, i) => ['--reporter', `${name}=${reports[i] ?? ''}`]);
      const result = await runCliSampled(['run', manifest, ...reporterFlags], dir);
      expect(result.code, result.stderr).toBe(1);
      const report = await readJson(reports[0] ?? '');
      expect(report.cases.map((c) => [c.id, c.status, c.label])).toEqual([
        ['catalog-size', 'fail', 'catalog-budget-exceeded'],
        ['catalog-tokens', 'fail', 'catalog-budget-exceeded'],
        ['catalog-pages', 'fail', 'catalog-budget-exceeded'],
      ]);
      // 64 MiB admits four 15 MB pages; the fifth passes the budget and is not kept.
      expect(report.cases[2]?.measurements).toMatchObject({ tools: 4, problemPage: 5 });
      expect(readFileSync(reports[1] ?? '', 'utf8')).toContain('catalog-budget-exceeded');
      expect(readFileSync(reports[2] ?? '', 'utf8')).toContain('catalog-budget-exceeded');
      expect(result.peakRssKb).toBeGreaterThan(0);
      expect(result.peakRssKb).toBeLessThan(PEAK_RSS_CEILING_KB);
      await expectNoCanaryIn(reports, result.stdout, result.stderr);
      expect(processesTagged(tag)).toEqual([]);
    },
  );

  it('lint: the tools read are linted, the overrun is a protocol finding, memory stays bounded', { timeout: 120_000 }, async () => {
    const dir = await scratch();
    const tag = randomUUID();
    const json = join(dir, 'lint.json');
    const sarif = join(dir, 'lint.sarif');
    // 20 MB: page 1 (15 MB) is read and linted, page 2 passes the budget. Keeps the run short.
    const args = [
      'lint',
      ...stdioFlags('endless-huge', tag),
      '--max-catalog-bytes',
      '20000000',
      '--reporter',
      `json=${json}`,
      '--reporter',
      `sarif=${sarif}`,
    ];
    const result = await runCliSampled(args, dir);
    expect(result.code, result.stderr).toBe(1);
    const report = await readJson(json);
    const listing = report.cases.find((c) => c.id === 'protocol-catalog-listing');
    expect(listing).toMatchObject({
      status: 'fail',
      label: 'catalog-budget-exceeded',
      findings: [{ label: 'catalog-budget-exceeded', measurements: { page: 2 } }],
    });
    expect(report.cases.find((c) => c.id === 'protocol-name-valid')?.measurements).toMatchObject({ tools: 1 });
    expect(report.gate).toMatchObject({ passed: false, failures: ['critical-finding'] });
    expect(readFileSync(sarif, 'utf8')).toContain('protocol-catalog-listing');
    expect(result.peakRssKb).toBeLessThan(PEAK_RSS_CEILING_KB);
    await expectNoCanaryIn([json, sarif], result.stdout, result.stderr);
    expect(processesTagged(tag)).toEqual([]);
  });

  it(
    'run: server.max_catalog_tools overrides the item budget; --max-catalog-tools overrides the manifest',
    { timeout: 60_000 },
    async () => {
      const dir = await scratch();
      const tag = randomUUID();
      const manifest = await writeManifest(dir, manifestYaml('endless-many', tag, '\n  max_catalog_tools: 2500'));
      const json = join(dir, 'run.json');
      const fromManifest = await runCli(['run', manifest, '--only', 'catalog-pages', '--reporter', `json=${json}`], { cwd: dir });
      expect(fromManifest.code, fromManifest.stderr).toBe(1);
      expect((await readJson(json)).cases[0]).toMatchObject({
        label: 'catalog-budget-exceeded',
        measurements: { tools: 2500, problemPage: 3 },
      });
      const fromFlag = await runCli(
        ['run', manifest, '--only', 'catalog-pages', '--max-catalog-tools', '1500', '--reporter', `json=${json}`],
        { cwd: dir },
      );
      expect(fromFlag.code, fromFlag.stderr).toBe(1);
      expect((await readJson(json)).cases[0]).toMatchObject({
        label: 'catalog-budget-exceeded',
        measurements: { tools: 1500, problemPage: 2 },
      });
      const fileLint = await runCli(['lint', '--catalog', manifest, '--max-catalog-tools', '5'], { cwd: dir });
      expect(fileLint.code).toBe(2);
      expect(fileLint.stderr).toContain('apply only to a live server');
      const bad = await runCli(['run', manifest, '--max-catalog-bytes', '0'], { cwd: dir });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--max-catalog-bytes must be a positive integer');
    },
  );
});

describe('a tool schema nested 10,000 levels deep', () => {
  it('run: the catalog cases judge it (schema-too-deep), none ends evaluator-error', { timeout: 60_000 }, async () => {
    const dir = await scratch();
    const tag = randomUUID();
    const manifest = await writeManifest(dir, manifestYaml('deep', tag));
    const json = join(dir, 'run.json');
    const result = await runCli(['run', manifest, '--reporter', `json=${json}`], { cwd: dir });
    expect(result.code, result.stderr).toBe(1);
    const report = await readJson(json);
    expect(report.cases.map((c) => [c.id, c.status, c.label])).toEqual([
      ['catalog-size', 'fail', 'schema-too-deep'],
      ['catalog-tokens', 'fail', 'schema-too-deep'],
      ['catalog-pages', 'pass', 'pages-valid'],
    ]);
    expect(report.cases[1]?.findings?.map((f) => f.tool)).toEqual(['echo', 'add', 'deep_tool']);
    await expectNoCanaryIn([json], result.stdout, result.stderr);
  });

  it('lint --stdio lints every tool and flags the deep one; init --stdio writes its manifest', { timeout: 60_000 }, async () => {
    const dir = await scratch();
    const tag = randomUUID();
    const json = join(dir, 'lint.json');
    const lint = await runCli(['lint', ...stdioFlags('deep', tag), '--reporter', `json=${json}`], { cwd: dir });
    expect(lint.code, lint.stderr).toBe(0);
    const report = await readJson(json);
    expect(report.cases.find((c) => c.id === 'protocol-schema-depth')).toMatchObject({
      status: 'fail',
      findings: [{ label: 'schema-too-deep', tool: 'deep_tool', measurements: { toolIndex: 2 } }],
    });
    expect(report.cases.every((c) => c.measurements.tools === 3 || c.id === 'protocol-catalog-listing')).toBe(true);
    const out = join(dir, 'mcp-eval.yaml');
    const init = await runCli(['init', ...stdioFlags('deep', tag), '--out', out], { cwd: dir });
    expect(init.code, init.stderr).toBe(0);
    expect(await readFile(out, 'utf8')).toContain('# 1 tool nested deeper than 128 levels was left out');
    await expectNoCanaryIn([json, out], lint.stdout, lint.stderr, init.stdout, init.stderr);
    expect(processesTagged(tag)).toEqual([]);
  });
});

describe('lint what was read', () => {
  it.each([
    { flaw: 'duplicate', label: 'duplicate-tool', page: 2, tools: 3 },
    { flaw: 'loop', label: 'cursor-repeated', page: 3, tools: 5 },
    { flaw: 'malformed', label: 'page-malformed', page: 2, tools: 2 },
    { flaw: 'error', label: 'list-error', page: 2, tools: 2 },
  ])(
    'a $flaw listing: the tools read are linted, the defect is protocol-catalog-listing $label',
    { timeout: 60_000 },
    async ({ flaw, label, page, tools }) => {
      const dir = await scratch();
      const tag = randomUUID();
      const json = join(dir, 'lint.json');
      const result = await runCli(['lint', ...stdioFlags(flaw, tag, 'broken-pagination'), '--reporter', `json=${json}`], { cwd: dir });
      expect(result.code, result.stderr).toBe(1);
      const report = await readJson(json);
      expect(report.invocationErrors ?? []).toEqual([]);
      expect(report.cases.find((c) => c.id === 'protocol-catalog-listing')).toMatchObject({
        status: 'fail',
        label,
        findings: [{ label, measurements: { page } }],
      });
      expect(report.cases.find((c) => c.id === 'protocol-description-present')?.measurements).toMatchObject({ tools, failedTools: 0 });
      expect(report.gate?.failures).toContain('critical-finding');
      await expectNoCanaryIn([json], result.stdout, result.stderr);
    },
  );

  it('a catalog with no readable page stays an evaluator error', { timeout: 60_000 }, async () => {
    const dir = await scratch();
    const json = join(dir, 'lint.json');
    const result = await runCli(['lint', ...stdioFlags('unlistable', randomUUID()), '--reporter', `json=${json}`], { cwd: dir });
    expect(result.code).toBe(1);
    const report = await readJson(json);
    expect(report.cases).toEqual([]);
    expect(report.invocationErrors).toEqual([{ label: 'catalog-list-error' }]);
    await expectNoCanaryIn([json], result.stdout, result.stderr);
  });
});
