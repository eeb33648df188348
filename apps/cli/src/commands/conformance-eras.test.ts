import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { HttpFixture } from '@mcp-eval/fixture-servers';
import { CANARY, everythingStdio, onePasswordStdio, startHttpFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import { githubProfileErrors, sarifSchemaErrors } from '@mcp-eval/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inScratch, runCli } from '../test-support/run-cli.js';

interface EraCase {
  readonly id: string;
  readonly status: string;
  readonly label?: string;
  readonly era?: string;
}
interface EraReport {
  readonly target: { readonly transport: string; readonly protocol?: string; readonly identity?: string };
  readonly cases: readonly EraCase[];
}

const quoted = (target: { command: string; args?: readonly string[] }): string =>
  [target.command, ...(target.args ?? [])].map((w) => `'${w}'`).join(' ');
const verdictsOf = (report: EraReport, era: string): Record<string, string> =>
  Object.fromEntries(report.cases.filter((c) => c.era === era).map((c) => [c.id, `${c.status}:${c.label ?? ''}`]));

async function conform(args: readonly string[]): Promise<{ code: number | null; report: EraReport; stderr: string }> {
  const result = await runCli(['conformance', ...args, '--reporter', 'json', '--timeout', '15000']);
  expect(result.stdout + result.stderr).not.toContain(CANARY);
  return { code: result.code, report: JSON.parse(result.stdout) as EraReport, stderr: result.stderr };
}

describe('mcp-eval conformance over both eras', () => {
  let reference: HttpFixture;
  beforeAll(async () => {
    reference = await startHttpFixture('reference');
  });
  afterAll(async () => {
    await reference.close();
  });

  it('1password-mcp, by default (it answers discover and initialize): both eras in one report; legacy negotiates, modern fails unsupported-version-error; exit 1', async () => {
    const { code, report } = await conform(['--stdio', quoted(onePasswordStdio())]);
    expect(code).toBe(1);
    expect(report.target.protocol).toBeUndefined();
    expect(report.cases.every((c) => c.era === 'modern' || c.era === 'legacy')).toBe(true);
    expect(verdictsOf(report, 'modern')).toMatchObject({
      'discover-versions': 'pass:discover-valid',
      'unsupported-version-error': 'fail:established-connection-served',
    });
    expect(verdictsOf(report, 'legacy')).toMatchObject({
      'legacy-initialize': 'pass:version-negotiated',
      'unknown-tool-error': 'pass:unknown-tool-rejected',
    });
    expect(verdictsOf(report, 'legacy')['unsupported-version-error']).toBeUndefined();
  });

  it('--protocol both on the reference over HTTP: every record says its era, nothing fails, SARIF and JUnit name the era', async () => {
    await inScratch(async (dir) => {
      const result = await runCli([
        'conformance',
        '--url',
        reference.url,
        '--protocol',
        'both',
        '--output-dir',
        dir,
        '--reporter',
        'json',
        '--reporter',
        'sarif',
        '--reporter',
        'junit',
      ]);
      expect(result.code).toBe(0);
      const report = JSON.parse(await readFile(join(dir, 'mcp-eval.json'), 'utf8')) as EraReport;
      expect(verdictsOf(report, 'modern')).toMatchObject({ 'http-standard-headers': 'pass:headers-required' });
      expect(verdictsOf(report, 'legacy')).toMatchObject({ 'http-session-lifecycle': 'pass:session-lifecycle-honest' });
      const sarifText = await readFile(join(dir, 'mcp-eval.sarif'), 'utf8');
      expect(sarifSchemaErrors(JSON.parse(sarifText))).toEqual([]);
      expect(githubProfileErrors(sarifText)).toEqual([]);
      const xml = await readFile(join(dir, 'mcp-eval.xml'), 'utf8');
      expect(xml).toContain('name="legacy-initialize [legacy]"');
      expect(xml).toContain('name="discover-versions [modern]"');
    });
  });

  it('a pinned revision stays one era, records without an era (as before)', async () => {
    const { code, report } = await conform(['--url', reference.url, '--protocol', '2025-11-25']);
    expect(code).toBe(0);
    expect(report.target.protocol).toBe('2025-11-25');
    expect(report.cases.some((c) => c.era !== undefined)).toBe(false);
  });

  it('a legacy-only server stays one era by default; --protocol both then fails its modern era as unreachable (exit 1, not 4)', async () => {
    const plain = await conform(['--stdio', quoted(everythingStdio())]);
    expect(plain.report.target.protocol).toBe('2025-11-25');
    expect(plain.report.cases.some((c) => c.era !== undefined)).toBe(false);
    const both = await conform(['--stdio', quoted(everythingStdio()), '--protocol', 'both']);
    expect(both.code).toBe(1);
    expect(new Set(Object.values(verdictsOf(both.report, 'modern')))).toEqual(new Set(['error:connect-failed']));
    expect(verdictsOf(both.report, 'legacy')).toMatchObject({ 'legacy-initialize': 'pass:version-negotiated' });
  });

  it('a modern-only server stays one era by default', async () => {
    const { report } = await conform(['--stdio', quoted(stdioFixture('sloppy-modern'))]);
    expect(report.target.protocol).toBe('2026-07-28');
    expect(report.cases.some((c) => c.era !== undefined)).toBe(false);
  });

  it.each([['init'], ['lint']])("--protocol both is conformance's own: %s refuses it (exit 2)", async (command) => {
    const result = await runCli([command, '--stdio', 'node x.js', '--protocol', 'both']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--protocol must be one of');
  });
});
