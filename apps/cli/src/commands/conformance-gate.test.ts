import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { HttpFixture } from '@mcp-eval/fixture-servers';
import { CANARY, onePasswordStdio, startHttpFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import { githubProfileErrors, sarifSchemaErrors } from '@mcp-eval/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inScratch, runCli } from '../test-support/run-cli.js';

interface GateCase {
  readonly id: string;
  readonly status: string;
  readonly label?: string;
  readonly era?: string;
  readonly findings?: readonly { readonly label: string; readonly suppressed?: boolean }[];
}
interface GateReport {
  readonly command: string;
  readonly cases: readonly GateCase[];
}

const quoted = (target: { command: string; args?: readonly string[] }): string =>
  [target.command, ...(target.args ?? [])].map((w) => `'${w}'`).join(' ');
const ONE_PASSWORD = (): string => quoted(onePasswordStdio());
const find = (report: GateReport, id: string, era?: string): GateCase | undefined => report.cases.find((c) => c.id === id && c.era === era);
const JUSTIFICATION = 'Reviewed by the team on 2026-11-30: the SDK re-checks only the first request.';

async function conform(dir: string, args: readonly string[]) {
  const result = await runCli(['conformance', ...args, '--reporter', 'json', '--timeout', '15000'], { cwd: dir });
  expect(result.stdout + result.stderr).not.toContain(CANARY);
  return { ...result, report: result.stdout === '' ? undefined : (JSON.parse(result.stdout) as GateReport) };
}

describe('mcp-eval conformance --expected-failures', () => {
  it('1password-mcp over both eras: every failure accepted passes the gate (exit 0) with accepted-failure, the justification in no output; SARIF shows them suppressed and validates', async () => {
    await inScratch(async (dir) => {
      // Discover which assertions fail in which era here, then accept exactly those.
      const first = await conform(dir, ['--stdio', ONE_PASSWORD()]);
      expect(first.code).toBe(1);
      const failing = (first.report?.cases ?? []).filter((c) => c.status === 'fail');
      expect(failing.map((c) => `${c.id}/${c.era ?? ''}`)).toContain('unsupported-version-error/modern');
      const yaml = failing
        .map((c) => `- id: ${c.id}\n  era: ${c.era ?? ''}\n  transport: stdio\n  justification: "${JUSTIFICATION}"\n`)
        .join('');
      await writeFile(join(dir, 'expected.yaml'), yaml, 'utf8');
      const sarifPath = join(dir, 'conformance.sarif');
      const result = await runCli(
        [
          'conformance',
          '--stdio',
          ONE_PASSWORD(),
          '--expected-failures',
          'expected.yaml',
          '--reporter',
          'json',
          '--reporter',
          `sarif=${sarifPath}`,
          '--reporter',
          'pretty=pretty.txt',
          '--reporter',
          'junit=junit.xml',
          '--timeout',
          '15000',
        ],
        { cwd: dir },
      );
      expect(result.code).toBe(0);
      const report = JSON.parse(result.stdout) as GateReport;
      expect(find(report, 'unsupported-version-error', 'modern')).toMatchObject({
        status: 'pass',
        label: 'accepted-failure',
        findings: [{ label: 'established-connection-served', suppressed: true }],
      });
      expect(result.stderr).toContain(`expected failures: ${failing.length} accepted, 0 stale`);
      // Deprecated: one fixed line naming the reviewed file, nothing of the file's.
      expect(result.stderr.split('\n').filter((line) => line.includes('deprecated'))).toEqual([
        'warning: --expected-failures is deprecated and will be removed in mcp-eval 1.0.0; move its entries to mcp-eval.reviewed.yaml as `family: conformance` entries (see docs/reviewed.md)',
      ]);
      const sarifText = await readFile(sarifPath, 'utf8');
      const log = JSON.parse(sarifText) as { runs: { results?: { level?: string; suppressions?: unknown }[] }[] };
      expect(sarifSchemaErrors(log)).toEqual([]);
      expect(githubProfileErrors(sarifText)).toEqual([]);
      // Unmet SHOULDs (its unknown-cursor page, in each era) are notes, not failures to accept.
      const results = log.runs[0]?.results ?? [];
      expect(results.filter((r) => r.level === 'note').map((r) => r.suppressions)).toEqual([undefined, undefined]);
      expect(results.filter((r) => r.level !== 'note').map((r) => r.suppressions)).toEqual(
        failing.map(() => [{ kind: 'external', status: 'accepted' }]),
      );
      const outputs = [
        result.stdout,
        result.stderr,
        sarifText,
        await readFile(join(dir, 'pretty.txt'), 'utf8'),
        await readFile(join(dir, 'junit.xml'), 'utf8'),
      ];
      for (const text of outputs) expect(text).not.toContain('Reviewed by the team');
    });
  });

  it('an accepted assertion that passes fails with stale-expected-failure (exit 1), and an entry that matches nothing is a located warning', async () => {
    await inScratch(async (dir) => {
      await writeFile(
        join(dir, 'expected.yaml'),
        [
          '- id: unknown-tool-error',
          '  era: legacy',
          '  justification: It used to answer with isError.',
          '- id: http-session-lifecycle',
          '  transport: http',
          '  justification: Sessions are not enforced yet.',
        ].join('\n'),
        'utf8',
      );
      const { code, report, stderr } = await conform(dir, ['--stdio', ONE_PASSWORD(), '--expected-failures', 'expected.yaml']);
      expect(code).toBe(1);
      expect(find(report ?? { command: '', cases: [] }, 'unknown-tool-error', 'legacy')).toMatchObject({
        status: 'fail',
        label: 'stale-expected-failure',
        findings: [{ label: 'unknown-tool-rejected' }],
      });
      // The modern era is not named by the entry: it passes as it did.
      expect(find(report ?? { command: '', cases: [] }, 'unknown-tool-error', 'modern')).toMatchObject({
        status: 'pass',
        label: 'unknown-tool-rejected',
      });
      expect(stderr).toContain('expected failures: 0 accepted, 1 stale');
      expect(stderr).toContain(
        'expected.yaml:4:3: warning: expected failure of http-session-lifecycle (http) matched no assertion that passed or failed (remove it?)',
      );
    });
  });

  it('on the reference over HTTP, in both eras: a transport-scoped entry applies over HTTP and not over stdio', async () => {
    const http: HttpFixture = await startHttpFixture('reference');
    try {
      await inScratch(async (dir) => {
        await writeFile(
          join(dir, 'expected.yaml'),
          '- id: http-standard-headers\n  era: modern\n  transport: http\n  justification: x\n',
          'utf8',
        );
        const over = await conform(dir, ['--url', http.url, '--protocol', 'both', '--expected-failures', 'expected.yaml']);
        expect(find(over.report ?? { command: '', cases: [] }, 'http-standard-headers', 'modern')).toMatchObject({
          status: 'fail',
          label: 'stale-expected-failure',
        });
        const stdio = await conform(dir, [
          '--stdio',
          quoted(stdioFixture('reference')),
          '--protocol',
          'both',
          '--expected-failures',
          'expected.yaml',
        ]);
        expect(stdio.code).toBe(0);
        expect(stdio.stderr).toContain('warning: expected failure of http-standard-headers (modern, http) matched no assertion');
      });
    } finally {
      await http.close();
    }
  });

  it.each([
    ['no justification', '- id: unknown-tool-error\n', 'expected.yaml:1:3: missing `justification`'],
    [
      'an unknown id, not echoed',
      '- id: CANARY-not-an-id\n  justification: x\n',
      'expected.yaml:1:7: `id` must name a conformance assertion',
    ],
    [
      'an alias bomb',
      `- id: unknown-tool-error\n  justification: x\n  x:\n    a: &a [x, x, x, x, x, x, x, x, x, x]\n${Array.from(
        { length: 8 },
        (_, i) =>
          `    ${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(', ')}]`,
      ).join('\n')}\n`,
      'expected.yaml:5:',
    ],
  ])('refuses %s with exit 2, located, before starting the server', async (_name, yaml, message) => {
    await inScratch(async (dir) => {
      await writeFile(join(dir, 'expected.yaml'), yaml, 'utf8');
      const result = await runCli(['conformance', '--stdio', 'mcp-eval-no-such-server-3f1c', '--expected-failures', 'expected.yaml'], {
        cwd: dir,
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).not.toContain('CANARY');
      expect(result.stdout).toBe('');
    });
  });

  it('refuses a file past MAX_EXPECTED_FAILURES_BYTES (1 MiB) and a missing file, exit 2', async () => {
    await inScratch(async (dir) => {
      await writeFile(join(dir, 'big.yaml'), `# ${'x'.repeat(1_048_576)}\n`, 'utf8');
      const big = await runCli(['conformance', '--stdio', 'mcp-eval-no-such-server-3f1c', '--expected-failures', 'big.yaml'], { cwd: dir });
      expect(big.code).toBe(2);
      expect(big.stderr).toContain('big.yaml:1:1: the expected-failures file is larger than 1048576 bytes');
      const missing = await runCli(['conformance', '--stdio', 'mcp-eval-no-such-server-3f1c', '--expected-failures', 'none.yaml'], {
        cwd: dir,
      });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('none.yaml:1:1: cannot read the expected-failures file (ENOENT)');
    });
  });
});

describe('mcp-eval conformance --baseline', () => {
  let reference: HttpFixture;
  let sloppy: HttpFixture;
  beforeAll(async () => {
    [reference, sloppy] = await Promise.all([startHttpFixture('reference'), startHttpFixture('sloppy-legacy')]);
  });
  afterAll(async () => {
    await Promise.all([reference.close(), sloppy.close()]);
  });

  // One retry: on a machine loaded past both cores a wire assertion's quiet window has been seen to
  // differ between two runs (the regressed record is named below when it happens).
  it('takes a previous conformance report: held when nothing changed (exit 0), the counts on stderr', { retry: 1 }, async () => {
    await inScratch(async (dir) => {
      const first = await runCli(
        ['conformance', '--url', reference.url, '--protocol', 'both', '--reporter', 'json=baseline.json', '--timeout', '15000'],
        { cwd: dir },
      );
      expect(first.code).toBe(0);
      const again = await conform(dir, ['--url', reference.url, '--protocol', 'both', '--baseline', 'baseline.json']);
      const moved = (again.report?.cases ?? [])
        .filter((c) => c.status !== 'pass' && c.status !== 'skip')
        .map((c) => `${c.id} ${c.status} ${c.label ?? ''}`);
      expect(moved).toEqual([]);
      expect(again.code).toBe(0);
      expect(again.stderr).toMatch(/baseline: \d+ compared, 0 regressed/);
    });
  });

  it('a pass that became a fail is a regression: the record keeps its own failure and gains pass-rate-dropped, named with its era on stderr', async () => {
    await inScratch(async (dir) => {
      // The same URL served by a server that stops enforcing sessions: a baseline whose legacy session assertion passed.
      const passing = await runCli(
        ['conformance', '--url', reference.url, '--protocol', '2025-11-25', '--reporter', 'json=baseline.json', '--timeout', '15000'],
        { cwd: dir },
      );
      expect(passing.code).toBe(0);
      const failing = await conform(dir, [
        '--url',
        sloppy.url,
        '--protocol',
        '2025-11-25',
        '--baseline',
        'baseline.json',
        '--baseline-any-target',
      ]);
      expect(failing.code).toBe(1);
      expect(find(failing.report ?? { command: '', cases: [] }, 'http-session-lifecycle')).toMatchObject({
        status: 'fail',
        label: 'sessionless-request-served',
        findings: expect.arrayContaining([
          { label: 'pass-rate-dropped', measurements: { passRate: 0, baselinePassRate: 1, drop: 1, maxDrop: 0 } },
        ]) as unknown,
      });
      expect(failing.stderr).toMatch(/baseline: \d+ compared, [1-9]\d* regressed/);
      expect(failing.stderr).toContain('  http-session-lifecycle: pass-rate-dropped');
    });
  });

  it('refuses a baseline of another server (exit 2 before connecting), and a report of another command', async () => {
    await inScratch(async (dir) => {
      await runCli(
        ['conformance', '--url', reference.url, '--protocol', '2025-11-25', '--reporter', 'json=baseline.json', '--timeout', '15000'],
        { cwd: dir },
      );
      const other = await runCli(['conformance', '--url', sloppy.url, '--baseline', 'baseline.json'], { cwd: dir });
      expect(other.code).toBe(2);
      expect(other.stderr).toContain('is a report of another target (another URL)');
      const baseline = JSON.parse(await readFile(join(dir, 'baseline.json'), 'utf8')) as Record<string, unknown>;
      await writeFile(join(dir, 'run.json'), JSON.stringify({ ...baseline, command: 'run', manifest: 'mcp-eval.yaml' }), 'utf8');
      const wrong = await runCli(['conformance', '--url', reference.url, '--baseline', 'run.json'], { cwd: dir });
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain('is a report of `mcp-eval run`; a baseline must come from `mcp-eval conformance`');
      const lone = await runCli(['conformance', '--url', reference.url, '--baseline-any-target'], { cwd: dir });
      expect(lone.code).toBe(2);
    });
  });
});
