import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { HttpFixture } from '@mcp-eval/fixture-servers';
import { conformanceChecks } from '@mcp-eval/core';
import { CANARY, startHttpFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import type { FixtureName } from '@mcp-eval/fixture-servers';
import { githubProfileErrors, sarifSchemaErrors } from '@mcp-eval/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli, scratchDir } from '../test-support/run-cli.js';

interface ReportCase {
  readonly id: string;
  readonly kind: string;
  readonly status: string;
  readonly label?: string;
  readonly measurements: Record<string, number>;
  readonly location?: unknown;
}

interface Report {
  readonly command: string;
  readonly manifest?: string;
  readonly target: { readonly transport: string; readonly protocol?: string };
  readonly cases: readonly ReportCase[];
}

// Read from the registry: assertions are added beside this command.
const ASSERTIONS = conformanceChecks.map((check) => check.id);

/** The `--stdio` command line that serves a fixture, quoted as a user would type it. */
function stdioLine(fixture: FixtureName): string {
  const { command, args } = stdioFixture(fixture);
  return [command, ...args].map((word) => `'${word}'`).join(' ');
}

async function conformJson(args: readonly string[]): Promise<{ code: number | null; report: Report; stderr: string }> {
  const result = await runCli(['conformance', ...args, '--reporter', 'json', '--timeout', '15000']);
  expect(result.stdout).not.toContain(CANARY);
  expect(result.stderr).not.toContain(CANARY);
  return { code: result.code, report: JSON.parse(result.stdout) as Report, stderr: result.stderr };
}

const statusOf = (report: Report): Record<string, string> => Object.fromEntries(report.cases.map((c) => [c.id, c.status]));

describe('mcp-eval conformance --stdio', () => {
  it('passes the reference server in both eras by default (it answers discover and initialize): exit 0, every assertion on the console with its era, skips do not fail, a valid empty SARIF', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const result = await runCli([
        'conformance',
        '--stdio',
        stdioLine('reference'),
        '--timeout',
        '15000',
        '--output-dir',
        dir,
        '--reporter',
        'pretty',
        '--reporter',
        'sarif',
      ]);
      expect(result.code).toBe(0);
      for (const id of ASSERTIONS) expect(result.stdout).toContain(id);
      expect(result.stdout).toContain('mcp-eval 0.1.0 conformance (stdio)\n');
      expect(result.stdout).toMatch(/discover-versions \[modern\]/);
      expect(result.stdout).toMatch(/legacy-initialize \[legacy\]/);
      expect(result.stdout).toMatch(/\d+ cases: \d+ passed, 0 failed, \d+ skipped, 0 errors/);
      expect(result.stdout + result.stderr).not.toContain(CANARY);
      const text = await readFile(join(dir, 'mcp-eval.sarif'), 'utf8');
      expect(text).not.toContain(CANARY);
      expect(sarifSchemaErrors(JSON.parse(text))).toEqual([]);
      expect(githubProfileErrors(text)).toEqual([]);
      expect((JSON.parse(text) as { runs: { results: unknown[] }[] }).runs[0]?.results).toEqual([]);
    } finally {
      await cleanup();
    }
  });

  it('writes a JSON report of conformance cases with no manifest and no locations', async () => {
    const { code, report } = await conformJson(['--stdio', stdioLine('reference'), '--protocol', '2025-11-25']);
    expect(code).toBe(0);
    expect(report).toMatchObject({ command: 'conformance', target: { transport: 'stdio', protocol: '2025-11-25' } });
    expect(report.manifest).toBeUndefined();
    expect(report.cases.map((c) => c.id)).toEqual(ASSERTIONS);
    expect(report.cases.every((c) => c.kind === 'conformance' && c.location === undefined)).toBe(true);
    expect(report.cases.find((c) => c.id === 'legacy-initialize')).toMatchObject({ status: 'pass', label: 'version-negotiated' });
  });

  it("fails a flawed server with exit 1, and its SARIF passes the same validation as run's", async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const sarifPath = join(dir, 'reports', 'conformance.sarif');
      const result = await runCli([
        'conformance',
        '--stdio',
        stdioLine('sloppy-modern'),
        '--reporter',
        `sarif=${sarifPath}`,
        '--reporter',
        'json',
      ]);
      expect(result.code).toBe(1);
      const report = JSON.parse(result.stdout) as Report;
      expect(statusOf(report)).toMatchObject({
        'cache-fields': 'fail',
        'envelope-required': 'fail',
        'result-type': 'fail',
        'missing-capability-error': 'fail',
        'unsupported-version-error': 'fail',
        'missing-resource-error': 'fail',
        'unknown-tool-error': 'fail',
        // It serves prompts/list without declaring prompts.
        'declared-capabilities': 'fail',
        // Its ask_preference ignores inputResponses and asks again, round after round.
        'input-required-rounds': 'fail',
        // Unmet SHOULDs pass the gate, marked: its discover names no server, it serves an unknown
        // cursor and an invalid log level, and refuses initialize without naming its revisions.
        'server-info-meta': 'pass',
        'invalid-cursor': 'pass',
        'log-level-validation': 'pass',
        'initialize-refusal': 'pass',
      });
      expect(
        report.cases
          .filter((c) => c.label === 'should-unmet')
          .map((c) => c.id)
          .sort(),
      ).toEqual(['initialize-refusal', 'invalid-cursor', 'log-level-validation', 'server-info-meta']);
      const text = await readFile(sarifPath, 'utf8');
      expect(text).not.toContain(CANARY);
      const log = JSON.parse(text) as { runs: { results: { ruleId: string }[]; automationDetails: { id: string } }[] };
      expect(sarifSchemaErrors(log)).toEqual([]);
      expect(githubProfileErrors(text)).toEqual([]);
      expect(log.runs[0]?.results.map((r) => r.ruleId).sort()).toEqual([
        'cache-fields',
        'declared-capabilities',
        'envelope-required',
        'initialize-refusal',
        'input-required-rounds',
        'invalid-cursor',
        'log-level-validation',
        'missing-capability-error',
        'missing-resource-error',
        'result-type',
        'server-info-meta',
        'unknown-tool-error',
        'unsupported-version-error',
      ]);
      expect(log.runs[0]?.automationDetails.id).toBe('mcp-eval/conformance/stdio/');
    } finally {
      await cleanup();
    }
  });

  it('passes --env to the server process (a smaller page size makes more pages)', async () => {
    const { code, report } = await conformJson(['--stdio', stdioLine('reference'), '--env', 'FIXTURE_PAGE_SIZE=2']);
    expect(code).toBe(0);
    expect(report.cases.find((c) => c.id === 'stable-ordering')?.measurements).toEqual({ tools: 11, pages: 6 });
  });
});

describe('mcp-eval conformance --url', () => {
  let reference: HttpFixture;
  let sloppy: HttpFixture;
  beforeAll(async () => {
    [reference, sloppy] = await Promise.all([startHttpFixture('reference'), startHttpFixture('sloppy-legacy')]);
  });
  afterAll(async () => {
    await Promise.all([reference.close(), sloppy.close()]);
  });

  it('passes the reference server on 2026-07-28, headers included, with a --header sent along', async () => {
    const { code, report } = await conformJson(['--url', reference.url, '--protocol', '2026-07-28', '--header', 'X-Mcp-Eval-Test: yes']);
    expect(code).toBe(0);
    expect(report.target).toEqual({
      transport: 'http',
      protocol: '2026-07-28',
      identity: expect.stringMatching(/^sha256:[0-9a-f]{16}$/) as unknown,
    });
    expect(statusOf(report)).toMatchObject({
      'header-mismatch-error': 'pass',
      'http-standard-headers': 'pass',
      'unsupported-version-error': 'pass',
    });
  });

  it('reports an unreachable server as an error on every assertion, exit 4 (nothing evaluated)', async () => {
    const result = await runCli(['conformance', '--url', 'http://127.0.0.1:1/mcp', '--reporter', 'json']);
    expect(result.code).toBe(4);
    const report = JSON.parse(result.stdout) as Report & { summary: Record<string, number>; invocationErrors?: { label: string }[] };
    expect(report.summary).toMatchObject({ cases: conformanceChecks.length, error: conformanceChecks.length });
    expect(new Set(report.cases.map((c) => `${c.status}:${c.label ?? ''}`))).toEqual(new Set(['error:connect-failed']));
    expect(report.invocationErrors?.[0]?.label).toMatch(/^connect-/);
  });

  it('fails a legacy server that does not enforce its sessions', async () => {
    const { code, report } = await conformJson(['--url', sloppy.url]);
    expect(code).toBe(1);
    expect(report.cases.find((c) => c.id === 'http-session-lifecycle')).toMatchObject({
      status: 'fail',
      label: 'sessionless-request-served',
    });
  });
});

describe('mcp-eval conformance: invalid invocations exit 2 and start nothing', () => {
  it.each([
    [[], 'exactly one of --stdio'],
    [['--stdio', 'node x.js', '--url', 'http://127.0.0.1:1/mcp'], 'exactly one of --stdio'],
    [['--stdio', 'node "unterminated'], 'unterminated double quote'],
    [['--url', 'ftp://example.invalid/mcp'], '--url must be an http:// or https:// URL'],
    [['--url', 'http://user:pass@127.0.0.1:1/mcp'], '--url must be an http:// or https:// URL with no user:password@ in it'],
    [['--url', 'http://127.0.0.1:1/mcp', '--env', 'A=b'], '--env applies only to --stdio'],
    [['--stdio', 'node x.js', '--header', 'Authorization: x'], '--header applies only to --url'],
    [['--stdio', 'node x.js', '--protocol', '2024-01-01'], '--protocol must be one of'],
    [['--stdio', 'node x.js', '--timeout', '0'], '--timeout must be a positive integer'],
    [['--stdio', 'node x.js', '--reporter', 'nope'], 'unknown reporter'],
  ])('%j', async (args, message) => {
    const result = await runCli(['conformance', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });
});
