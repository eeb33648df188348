import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { FixtureName, HttpFixture } from '@mcp-eval/fixture-servers';
import { readCallLog, startHttpFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';
import { httpServerYaml, stdioServerYaml } from '../test-support/server-yaml.js';

const CASES = `
cases:
  - { id: guess, dimension: schema-guessability, tool: get_item, arguments: { id: a } }
  - { id: catalog, dimension: discovery-cost, max_tools: 100, max_schema_bytes: 1000000 }
`;

function stdioManifest(fixture: FixtureName, protocol = 'auto', env: Record<string, string> = {}): string {
  return `version: 1\n${stdioServerYaml(fixture, protocol, env)}\n${CASES}`;
}

interface Report {
  readonly target: { readonly transport: string; readonly protocol?: string; readonly identity?: string };
  readonly cases: readonly { readonly kind: string; readonly status: string }[];
}

describe('mcp-eval run --baseline: the baseline must be of the same target and manifest', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let http: HttpFixture;

  beforeAll(async () => {
    ({ dir, cleanup } = await scratchDir());
    http = await startHttpFixture('reference');
    // The baseline: the reference fixture over stdio, auto-negotiated (2026-07-28), from mcp-eval.yaml.
    await writeManifest(dir, stdioManifest('reference'));
    const baseline = await runCli(['run', '--reporter', 'json=baseline.json'], { cwd: dir });
    expect(baseline.code).toBe(0);
  });
  afterAll(async () => {
    await http.close();
    await cleanup();
  });

  it('records the target as a hash of the command, never the command itself', async () => {
    const text = await readFile(join(dir, 'baseline.json'), 'utf8');
    const report = JSON.parse(text) as Report;
    expect(report.target).toEqual({
      transport: 'stdio',
      protocol: '2026-07-28',
      identity: expect.stringMatching(/^sha256:[0-9a-f]{16}$/) as unknown,
    });
    for (const word of stdioFixture('reference').args) expect(text).not.toContain(word);
  });

  it('refuses a baseline of another server (the flawed fixture) before connecting: exit 2, no report, no call', async () => {
    const log = join(dir, 'flawed-calls.log');
    await writeManifest(dir, stdioManifest('flawed-dimensions', 'auto', { FIXTURE_CALL_LOG: log }));
    const result = await runCli(['run', '--baseline', 'baseline.json', '--reporter', 'json=now.json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'mcp-eval: --baseline baseline.json is a report of another target (another command or arguments); compare it anyway with --baseline-any-target, or use a baseline of this server and manifest\n',
    );
    expect(existsSync(join(dir, 'now.json'))).toBe(false);
    expect(readCallLog(log)).toEqual([]);

    // Said to be intended, it compares: the two fixtures' identities differ in the reports.
    const anyway = await runCli(['run', '--baseline', 'baseline.json', '--baseline-any-target', '--reporter', 'json=now.json'], {
      cwd: dir,
    });
    // The verdicts held; the other server's catalog is drift from the baseline's (docs/drift.md), which fails.
    expect(anyway.code).toBe(1);
    expect(anyway.stderr).toMatch(/^baseline: 2 compared, 0 regressed\n$/);
    expect(readCallLog(log)).toEqual(['get_item']);
    const [was, now] = await Promise.all(
      ['baseline.json', 'now.json'].map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as Report),
    );
    expect(now?.target.identity).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(now?.target.identity).not.toBe(was?.target.identity);
    expect(now?.cases.filter((c) => c.kind !== 'drift').every((c) => c.status === 'pass')).toBe(true);
    expect(now?.cases.some((c) => c.kind === 'drift' && c.status === 'fail')).toBe(true);
  });

  it('refuses a baseline of another transport (the same fixture over HTTP)', async () => {
    await writeManifest(dir, `version: 1\n${httpServerYaml(http.url)}\n${CASES}`);
    const result = await runCli(['run', '--baseline', 'baseline.json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('(transport stdio there, http here)');
    expect(result.stderr).not.toContain(http.url);
  });

  it('refuses a baseline that negotiated another protocol, once the run knows its own', async () => {
    await writeManifest(dir, stdioManifest('reference', '2025-11-25'));
    const result = await runCli(['run', '--baseline', 'baseline.json', '--reporter', 'json=legacy.json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('(protocol 2026-07-28 there, 2025-11-25 here)');
    expect(existsSync(join(dir, 'legacy.json'))).toBe(false);
  });

  it('refuses a baseline of another manifest; the same manifest and server compare', async () => {
    await writeManifest(dir, stdioManifest('reference'), 'other.yaml');
    const other = await runCli(['run', 'other.yaml', '--baseline', 'baseline.json'], { cwd: dir });
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('(manifest mcp-eval.yaml there, other.yaml here)');

    await writeManifest(dir, stdioManifest('reference'));
    const same = await runCli(['run', './mcp-eval.yaml', '--baseline', 'baseline.json', '--reporter', 'json'], { cwd: dir });
    expect(same.code).toBe(0);
    expect(same.stderr).toBe('baseline: 2 compared, 0 regressed\n');
  });

  it('--baseline-any-target without --baseline is a usage error', async () => {
    const result = await runCli(['run', '--baseline-any-target'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--baseline-any-target applies only with --baseline');
  });
});
