import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { conformanceChecks, SCAN_DEFAULTS } from '@mcp-eval/core';
import type { HttpFixture } from '@mcp-eval/fixture-servers';
import { CANARY, readCallLog, startHttpFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import { parseReport } from '@mcp-eval/reporters';
import { githubProfileErrors, sarifSchemaErrors } from '@mcp-eval/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli, scratchDir } from '../test-support/run-cli.js';

const SECRET = 'scan-secret-header-value';
const TIMED_CALLS = SCAN_DEFAULTS.latencyAttempts + SCAN_DEFAULTS.degradationAttempts;
/**
 * Tools not annotated read-only: a scan must send them nothing. (The open-world `fetch_feed` is
 * read-only, so conformance's own probes may call it; the scan's timed cases never name it.)
 */
const NEVER_CALLED = ['reset_all', 'purge_all', 'create_item', 'delete_item', 'explode', 'confirm_action'];

/** Processes still running with this call log in their environment: servers that outlived the scan. */
function survivors(callLog: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`FIXTURE_CALL_LOG=${callLog}`)) found.push(Number(entry));
    } catch {
      // Gone already, or not ours.
    }
  }
  return found;
}

interface ScanOutputs {
  readonly code: number | null;
  readonly console: string;
  readonly json: string;
  readonly sarif: string;
  readonly junit: string;
}

async function scan(dir: string, args: readonly string[], env: Record<string, string> = {}): Promise<ScanOutputs> {
  const result = await runCli(
    ['scan', ...args, '--output-dir', dir, '--reporter', 'pretty', '--reporter', 'json', '--reporter', 'sarif', '--reporter', 'junit'],
    { cwd: dir, env },
  );
  const read = (ext: string): Promise<string> => readFile(join(dir, `mcp-eval.${ext}`), 'utf8');
  return {
    code: result.code,
    console: result.stdout + result.stderr,
    json: await read('json'),
    sarif: await read('sarif'),
    junit: await read('xml'),
  };
}

/** Every output parses and validates like run's, and none carries server text or the secret. */
function expectCleanValidReports(outputs: ScanOutputs): ReturnType<typeof parseReport> & { ok: true } {
  for (const text of [outputs.console, outputs.json, outputs.sarif, outputs.junit]) {
    expect(text).not.toContain(CANARY);
    expect(text).not.toContain(SECRET);
  }
  const parsed = parseReport(outputs.json);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  expect(sarifSchemaErrors(JSON.parse(outputs.sarif))).toEqual([]);
  expect(githubProfileErrors(outputs.sarif)).toEqual([]);
  return parsed;
}

describe('mcp-eval scan', () => {
  let dir = '';
  let cleanup: () => Promise<void> = async () => undefined;
  let http: HttpFixture | undefined;
  const httpLog = (): string => join(dir, 'http-calls.jsonl');
  beforeAll(async () => {
    ({ dir, cleanup } = await scratchDir());
    http = await startHttpFixture('scan-targets', { FIXTURE_CALL_LOG: httpLog() });
  });
  afterAll(async () => {
    await http?.close();
    await cleanup();
  });

  it('over stdio from a client config: calls only the read-only tool that needs no argument, one report through every reporter', async () => {
    const callLog = join(dir, 'stdio-calls.jsonl');
    const { command, args, env } = stdioFixture('scan-targets', { FIXTURE_CALL_LOG: callLog });
    await writeFile(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: { targets: { command, args, env } } }));
    const outputs = await scan(dir, ['--from-config', 'mcp.json', '--server', 'targets']);
    const { report } = expectCleanValidReports(outputs);

    expect(report).toMatchObject({ command: 'scan', target: { transport: 'stdio' } });
    expect(report.manifest).toBeUndefined();
    const ids = report.cases.map((c) => c.id);
    expect(ids.slice(0, 6)).toEqual([
      'discovery-cost',
      'token-cost',
      'pagination',
      'surface-listing',
      'latency-budget/list_all',
      'degradation-over-n/list_all',
    ]);
    expect(ids.filter((id) => id.includes('/'))).toEqual(['latency-budget/list_all', 'degradation-over-n/list_all']);
    expect(ids).toContain('unknown-tool-error');
    expect(ids).toContain('security-prompt-injection');
    expect(report.cases.find((c) => c.id === 'discovery-cost')?.measurements).toMatchObject({
      tools: 15,
      maxTools: SCAN_DEFAULTS.maxTools,
    });
    expect(report.cases.find((c) => c.id === 'latency-budget/list_all')).toMatchObject({
      status: 'pass',
      measurements: { attempts: SCAN_DEFAULTS.latencyAttempts },
    });
    expect(report.cases.find((c) => c.id === 'degradation-over-n/list_all')).toMatchObject({
      status: 'pass',
      measurements: { attempts: SCAN_DEFAULTS.degradationAttempts },
    });

    // The call log is the proof: the open-world, unannotated and destructive tools got nothing.
    // (Conformance's own probes may call a read-only tool too, so list_all gets at least the timed calls.)
    const calls = readCallLog(callLog);
    expect(calls.filter((tool) => tool === 'list_all').length).toBeGreaterThanOrEqual(TIMED_CALLS);
    for (const tool of NEVER_CALLED) expect(calls).not.toContain(tool);

    // One exit status, by the one gate: lint's gate and every other case.
    expect(report.gate).toBeDefined();
    expect(outputs.code).toBe(report.gate?.passed === true ? 0 : 1);
    const failing = report.cases.filter((c) => c.kind !== 'lint' && (c.status === 'fail' || c.status === 'error'));
    expect(report.gate?.failures.includes('case-failed')).toBe(failing.length > 0);
    expect(JSON.parse(outputs.sarif).runs[0].automationDetails.id).toBe('mcp-eval/scan/stdio/');
    expect(survivors(callLog)).toEqual([]);
  });

  it('over loopback HTTP from a VS Code config, with a ${env:NAME} header: the same choice of tools', async () => {
    await writeFile(
      join(dir, 'vscode.json'),
      JSON.stringify({ servers: { web: { type: 'http', url: http?.url, headers: { Authorization: 'Bearer ${env:SCAN_TOKEN}' } } } }),
    );
    const before = readCallLog(httpLog()).length;
    const outputs = await scan(dir, ['--from-config', 'vscode.json', '--server', 'web'], { SCAN_TOKEN: SECRET });
    const { report } = expectCleanValidReports(outputs);
    expect(report.target.transport).toBe('http');
    expect(report.cases.filter((c) => c.kind !== 'conformance' && c.kind !== 'lint').map((c) => c.id)).toEqual([
      'discovery-cost',
      'token-cost',
      'pagination',
      'surface-listing',
      'latency-budget/list_all',
      'degradation-over-n/list_all',
    ]);
    const calls = readCallLog(httpLog()).slice(before);
    expect(calls.filter((tool) => tool === 'list_all').length).toBeGreaterThanOrEqual(TIMED_CALLS);
    for (const tool of NEVER_CALLED) expect(calls).not.toContain(tool);
  });

  it('times nothing on the reference server, whose read-only tools all require arguments, and still judges the rest', async () => {
    const callLog = join(dir, 'reference-calls.jsonl');
    const { command, args } = stdioFixture('reference');
    const line = [command, ...args].map((word) => `'${word}'`).join(' ');
    const outputs = await scan(dir, ['--stdio', line, '--env', `FIXTURE_CALL_LOG=${callLog}`]);
    const { report } = expectCleanValidReports(outputs);
    expect(report.cases.some((c) => c.check === 'latency-budget' || c.check === 'degradation-over-n')).toBe(false);
    // The reference serves both eras, so scan runs every assertion in each, as conformance does.
    const conformance = report.cases.filter((c) => c.kind === 'conformance');
    expect(new Set(conformance.map((c) => c.check))).toEqual(new Set(conformanceChecks.map((check) => check.id)));
    expect(new Set(conformance.map((c) => c.era))).toEqual(new Set(['modern', 'legacy']));
    expect(report.cases.find((c) => c.id === 'pagination')).toMatchObject({ status: 'pass', measurements: { pages: 3, tools: 11 } });
    for (const tool of NEVER_CALLED) expect(readCallLog(callLog)).not.toContain(tool);
  });

  it('a catalog with a listing defect: pagination says which, lint still judges every tool read, the gate fails (exit 1)', async () => {
    const { command, args } = stdioFixture('broken-pagination');
    const line = [command, ...args].map((word) => `'${word}'`).join(' ');
    const outputs = await scan(dir, ['--stdio', line, '--env', 'FIXTURE_FLAW=duplicate']);
    expect(outputs.code).toBe(1);
    const { report } = expectCleanValidReports(outputs);
    expect(report.cases.find((c) => c.id === 'pagination')).toMatchObject({ status: 'fail', label: 'duplicate-tool' });
    expect(report.cases.find((c) => c.id === 'protocol-catalog-listing')).toMatchObject({ status: 'fail', label: 'duplicate-tool' });
    expect(report.cases.find((c) => c.id === 'protocol-name-valid')).toMatchObject({ status: 'pass' });
    expect(report.gate?.failures).toContain('case-failed');
    expect(report.gate?.failures).not.toContain('catalog-unreadable');
    expect(report.invocationErrors).toBeUndefined();
  });

  it('a server that cannot start is exit 4 with the reason in invocationErrors, and a report still written', async () => {
    const outputs = await scan(dir, ['--stdio', `'${process.execPath}' -e 'process.exit(3)'`]);
    expect(outputs.code).toBe(4);
    const { report } = expectCleanValidReports(outputs);
    expect(report.cases.length).toBeGreaterThan(0);
    expect(report.cases.every((c) => c.status === 'error' && c.label === 'connect-failed')).toBe(true);
    expect(report.cases.some((c) => c.kind === 'lint' || c.check === 'latency-budget')).toBe(false);
    expect(report.invocationErrors?.[0]?.label).toMatch(/^connect-/);
    expect(report.gate?.failures).toEqual(['case-failed', 'catalog-unreadable']);
  });

  it('an invalid invocation is exit 2 and starts nothing', async () => {
    const result = await runCli(['scan', '--from-config', 'missing.json', '--server', 'x'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--from-config missing.json: cannot read the file (ENOENT)');
  });
});
