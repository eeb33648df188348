import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { githubProfileErrors, sarifSchemaErrors } from '@mcp-eval/test-support';
import { describe, expect, it } from 'vitest';

import { runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';

interface ReportCase {
  readonly id: string;
  readonly status: string;
  readonly label?: string;
  readonly passRate: number;
  readonly findings?: readonly { label: string; pointer?: string; measurements?: Record<string, number> }[];
}

/** Five runs of two cases: a guessable call (soft gate) and the catalog with a 10% byte budget. */
function manifest(fixture: 'reference' | 'bloated-catalog', guessTool: 'echo' | 'flaky_read', maxTools = 100): string {
  const args = guessTool === 'echo' ? '{ message: hi }' : '{ key: k }';
  return `version: 1
${stdioServerYaml(fixture)}
repeat: 5
cases:
  - { id: guess, dimension: schema-guessability, tool: ${guessTool}, arguments: ${args}, gate: soft }
  - id: catalog
    dimension: discovery-cost
    max_tools: ${maxTools}
    max_schema_bytes: 1000000
    budget: { catalog_bytes: 0.1 }
`;
}

async function withBaseline<T>(baselineYaml: string, body: (dir: string) => Promise<T>): Promise<T> {
  const { dir, cleanup } = await scratchDir();
  try {
    // The same manifest file as the run it is compared with: a baseline of another manifest is refused.
    await writeManifest(dir, baselineYaml);
    const baseline = await runCli(['run', '--reporter', 'json=previous.json'], { cwd: dir });
    expect(baseline.stderr).toBe('');
    return await body(dir);
  } finally {
    await cleanup();
  }
}

async function cases(path: string): Promise<Record<string, ReportCase>> {
  const report = JSON.parse(await readFile(path, 'utf8')) as { cases: ReportCase[] };
  return Object.fromEntries(report.cases.map((c) => [c.id, c]));
}

describe('mcp-eval run --baseline', () => {
  it('holds a run that matches its baseline: exit 0, the counts on stderr', async () => {
    await withBaseline(manifest('reference', 'echo'), async (dir) => {
      await writeManifest(dir, manifest('reference', 'echo'));
      const result = await runCli(['run', '--baseline', 'previous.json', '--reporter', 'json=now.json'], { cwd: dir });
      expect(result.stderr).toBe('baseline: 2 compared, 0 regressed\n');
      expect(result.code).toBe(0);
      expect(Object.values(await cases(join(dir, 'now.json'))).map((c) => c.status)).toEqual(['pass', 'pass']);
    });
  });

  it('fails a case that passed its soft gate (4 of 5) after 5 of 5, and one whose catalog outgrew its budget: exit 1', async () => {
    await withBaseline(manifest('reference', 'echo'), async (dir) => {
      // The bloated fixture is the reference with a larger catalog; flaky_read fails its first call only.
      // Another fixture is another command, so the run says that is intended.
      await writeManifest(dir, manifest('bloated-catalog', 'flaky_read'));
      const result = await runCli(
        [
          'run',
          '--baseline',
          'previous.json',
          '--baseline-any-target',
          '--concurrency',
          '1',
          '--reporter',
          'pretty',
          '--reporter',
          'json=now.json',
          '--reporter',
          'sarif=now.sarif',
        ],
        { cwd: dir },
      );
      expect(result.code).toBe(1);
      const now = await cases(join(dir, 'now.json'));
      expect(now['guess']).toMatchObject({
        status: 'fail',
        label: 'pass-rate-dropped',
        passRate: 0.8,
        findings: [{ label: 'pass-rate-dropped', measurements: { passRate: 0.8, baselinePassRate: 1, drop: 0.2, maxDrop: 0.02 } }],
      });
      expect(now['catalog']).toMatchObject({
        status: 'fail',
        label: 'measurement-grew',
        passRate: 1,
        findings: [{ label: 'measurement-grew', pointer: '/budget/catalog_bytes' }],
      });
      const grew = now['catalog']?.findings?.[0]?.measurements ?? {};
      expect(grew['catalogBytes']).toBeGreaterThan(1.1 * (grew['baselineCatalogBytes'] ?? Infinity));
      expect(result.stdout).toMatch(/^FAIL +guess +schema-guessability +pass-rate-dropped/m);
      expect(result.stderr).toMatch(
        /^baseline: 2 compared, 2 regressed\n {2}guess: pass-rate-dropped passRate=0\.8 baselinePassRate=1 drop=0\.2 maxDrop=0\.02\n {2}catalog: measurement-grew \/budget\/catalog_bytes catalogBytes=\d+ baselineCatalogBytes=\d+ growth=[\d.]+ budget=0\.1\n$/,
      );
      // The regressions are ordinary failing cases: code scanning gets a located result for each.
      const sarifText = await readFile(join(dir, 'now.sarif'), 'utf8');
      expect(sarifSchemaErrors(JSON.parse(sarifText))).toEqual([]);
      expect(githubProfileErrors(sarifText)).toEqual([]);
      expect(sarifText).toContain('pass-rate-dropped');
    });
  });

  it('--max-drop raises the allowed drop', async () => {
    await withBaseline(manifest('reference', 'echo'), async (dir) => {
      await writeManifest(dir, manifest('reference', 'flaky_read'));
      const result = await runCli(['run', '--baseline', 'previous.json', '--concurrency', '1', '--max-drop', '0.2', '--reporter', 'json'], {
        cwd: dir,
      });
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('baseline: 2 compared, 0 regressed\n');
    });
  });

  it('holds a case whose baseline case did not pass only to its own gate, and passes new cases', async () => {
    // In the baseline the catalog case fails (max_tools 1) and `guess` does not exist yet.
    const baseline = manifest('reference', 'echo', 1).replace(/ {2}- \{ id: guess.*\n/, '');
    await withBaseline(baseline, async (dir) => {
      await writeManifest(dir, manifest('bloated-catalog', 'echo'));
      const result = await runCli(['run', '--baseline', 'previous.json', '--baseline-any-target', '--reporter', 'json'], { cwd: dir });
      expect(result.stderr).toBe(
        'baseline: 0 compared, 0 regressed, 1 new since the baseline, 1 not passing in the baseline (held to their own gates)\n',
      );
      expect(result.code).toBe(0);
    });
  });

  it('warns when the baseline shares no case with the run', async () => {
    await withBaseline(
      manifest('reference', 'echo').replaceAll('id: guess', 'id: other').replace('id: catalog', 'id: elsewhere'),
      async (dir) => {
        await writeManifest(dir, manifest('reference', 'echo'));
        const result = await runCli(['run', '--baseline', 'previous.json', '--reporter', 'json'], { cwd: dir });
        expect(result.code).toBe(0);
        expect(result.stderr).toMatch(/shares no case id with this run/);
      },
    );
  });

  it.each([
    ['a file that is not a report', 'not json', [], /--baseline previous\.json is not an MCP Eval JSON report/],
    ['a lint report', JSON.stringify({ command: 'lint' }), [], /is not an MCP Eval JSON report/],
    ['a missing file', undefined, [], /--baseline previous\.json: cannot read the report \(ENOENT\)/],
    ['--max-drop out of range', '{}', ['--max-drop', '1.5'], /--max-drop must be a number from 0 to 1/],
  ])('refuses %s before connecting: exit 2', async (_name, content, extra, message) => {
    const { dir, cleanup } = await scratchDir();
    try {
      // A server that cannot start: reaching it would be exit 1, not 2.
      await writeManifest(
        dir,
        `version: 1\nserver:\n  stdio: { command: /nonexistent/server }\ncases:\n  - { id: a, dimension: discovery-cost, max_tools: 1, max_schema_bytes: 1 }\n`,
      );
      if (content !== undefined) await writeFile(join(dir, 'previous.json'), content);
      const result = await runCli(['run', '--baseline', 'previous.json', ...extra], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(message);
    } finally {
      await cleanup();
    }
  });

  it('refuses a baseline from another command, naming it', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const report = {
        reportVersion: 1,
        tool: { name: 'mcp-eval', version: '0.1.0' },
        command: 'lint',
        target: { transport: 'stdio' },
        startedAt: '2026-11-30T10:00:00.000Z',
        durationMs: 1,
        summary: { cases: 0, pass: 0, fail: 0, skip: 0, error: 0 },
        cases: [],
        checks: [],
      };
      await writeFile(join(dir, 'previous.json'), JSON.stringify(report));
      await writeManifest(
        dir,
        `version: 1\nserver:\n  stdio: { command: /nonexistent/server }\ncases:\n  - { id: a, dimension: discovery-cost, max_tools: 1, max_schema_bytes: 1 }\n`,
      );
      const result = await runCli(['run', '--baseline', 'previous.json'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/a report of `mcp-eval lint`; a baseline must come from `mcp-eval run`/);
    } finally {
      await cleanup();
    }
  });

  it('--max-drop without --baseline is a usage error', async () => {
    const result = await runCli(['run', 'x.yaml', '--max-drop', '0.1']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--max-drop applies only with --baseline/);
  });
});
