import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

import type { HttpFixture } from '@mcp-eval/fixture-servers';
import { CANARY, readCallLog, startHttpFixture } from '@mcp-eval/fixture-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CLI, runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';
import { httpServerYaml, stdioServerYaml } from '../test-support/server-yaml.js';

const CASES = `
cases:
  - id: missing-item
    dimension: error-honesty
    tool: get_item
    arguments: { id: does-not-exist }
    expect_retryable: false
  - id: strict-missing
    dimension: error-honesty
    tool: strict_lookup
    arguments: { id: does-not-exist }
    expect_retryable: false
  - id: tiny-catalog
    dimension: discovery-cost
    max_tools: 2
    max_schema_bytes: 1000000
  - id: restore
    dimension: state-recovery
    failure: { tool: get_item, arguments: { id: fresh } }
    recovery: { tool: create_item, arguments: { id: fresh }, mutating: true }
    validation: { tool: get_item, arguments: { id: fresh } }
  - id: guess-create
    dimension: schema-guessability
    tool: create_item
    arguments: { id: made-by-explain }
`;

// The canary, then a terminal escape sequence a hostile server might use to clear the screen.
const PLANTED = `${CANARY}\u001b[2J`;

/** A server that writes the canary to stderr and exits before answering anything. */
function dyingServer(how: 'exit' | 'signal'): string {
  const end = how === 'exit' ? 'process.exit(3)' : "process.kill(process.pid, 'SIGKILL')";
  const script = `process.stderr.write('starting failed: ' + process.env.SECRET + '\\n', () => ${end})`;
  return `version: 1
server:
  stdio: { command: ${JSON.stringify(process.execPath)}, args: ["-e", ${JSON.stringify(script)}], env: { SECRET: ${JSON.stringify(PLANTED)} } }
cases:
  - { id: catalog, dimension: discovery-cost, max_tools: 2, max_schema_bytes: 100000 }
`;
}

/** The CLI on a pseudo-terminal (util-linux `script`): stdout and stderr both land in `output`. */
function runOnTerminal(args: readonly string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, CLI, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TERM: 'dumb', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('mcp-eval explain', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let manifest: string;
  let callLog: string;

  beforeAll(async () => {
    ({ dir, cleanup } = await scratchDir());
    callLog = join(dir, 'calls.log');
    manifest = await writeManifest(dir, `version: 1\n${stdioServerYaml('reference', 'auto', { FIXTURE_CALL_LOG: callLog })}\n${CASES}`);
  });
  afterAll(async () => cleanup());

  it('shows every request of a passing case as shapes, no server text, no file written: exit 0', async () => {
    const result = await runCli(['explain', 'missing-item', manifest], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^missing-item \(dimension error-honesty\): pass non-retryable-confirmed tool=get_item\n/);
    expect(result.stdout).toMatch(/connection 1: stdio 2026-07-28, cold start [\d.]+ ms, stderr 0 B\n/);
    expect(result.stdout).toMatch(/1\. server\/discover {2}result {2}latency=[\d.]+ ms {2}sent=\d+ B {2}received=\d+ B\n/);
    expect(result.stdout).toMatch(/tools\/list {2}result {2}items=\d+ nextCursor/);
    // The reference's not-found answer: an isError result with one text item and structured metadata.
    expect(result.stdout).toMatch(
      /tools\/call get_item {2}result {2}isError=true {2}content=\[text\(\d+\)\] {2}structuredContent=object\(3 keys\)/,
    );
    expect(result.stdout + result.stderr).not.toContain(CANARY);
    expect(result.stderr).toBe('');
    expect((await readdir(dir)).sort()).toEqual(['calls.log', 'mcp-eval.yaml']);
  });

  it('shows a JSON-RPC error by its code; --show-server-text off a terminal is refused and prints nothing from the server', async () => {
    for (const env of [{}, { CI: '' }] as Record<string, string>[]) {
      const result = await runCli(['explain', 'strict-missing', manifest, '--show-server-text'], { cwd: dir, env });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/tools\/call strict_lookup {2}error {2}code=-32602 {2}latency=/);
      expect(result.stderr).toMatch(/^explain: --show-server-text ignored: (CI is set|stderr is not a terminal)/);
      expect(result.stdout + result.stderr).not.toContain(CANARY);
      expect(result.stderr).not.toContain('UNTRUSTED');
    }
  });

  it('prints the server text, escaped and fenced, only on a terminal with the flag and CI unset', async () => {
    const shown = await runOnTerminal(['explain', 'strict-missing', manifest, '--show-server-text'], {});
    expect(shown.code).toBe(0);
    expect(shown.output).toContain('==== UNTRUSTED SERVER TEXT');
    expect(shown.output).toMatch(new RegExp(`request \\d+ \\(tools/call\\): error message:\\r?\\n {2}\\| .*${CANARY}`));

    const withoutFlag = await runOnTerminal(['explain', 'strict-missing', manifest], {});
    expect(withoutFlag.code).toBe(0);
    expect(withoutFlag.output).toContain('tools/call strict_lookup');
    expect(withoutFlag.output).not.toContain(CANARY);

    const inCi = await runOnTerminal(['explain', 'strict-missing', manifest, '--show-server-text'], { CI: 'true' });
    expect(inCi.output).toContain('ignored: CI is set');
    expect(inCi.output).not.toContain(CANARY);
  });

  it('a failing case is exit 1; an unknown case id or an invalid manifest is exit 2', async () => {
    const failed = await runCli(['explain', 'tiny-catalog', manifest], { cwd: dir });
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/^tiny-catalog \(dimension discovery-cost\): fail too-many-tools\n {2}tools=\d+ /);

    const unknown = await runCli(['explain', 'no-such-case', manifest], { cwd: dir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`nothing in ${manifest} matches \`no-such-case\`; explain takes a case id`);

    const invalid = await writeManifest(dir, 'version: 1\ncases: []\nbogus: true\n', 'invalid.yaml');
    const bad = await runCli(['explain', 'x', invalid], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
  });

  it("inherits the case's mutation gate: without a sandbox and --allow-mutation the recovery call is never sent", async () => {
    const before = readCallLog(callLog).length;
    const result = await runCli(['explain', 'restore', manifest, '--allow-mutation'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^restore \(dimension state-recovery\): skip mutation-not-allowed/);
    expect(result.stdout).not.toContain('tools/call create_item');
    expect(readCallLog(callLog).slice(before)).not.toContain('create_item');
  });

  it('sends no call to a tool that is not read-only (the one mutation gate), even with --allow-mutation and no sandbox', async () => {
    const before = readCallLog(callLog).length;
    const result = await runCli(['explain', 'guess-create', manifest, '--allow-mutation'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^guess-create \(dimension schema-guessability\): skip mutation-not-allowed/);
    expect(result.stdout).not.toContain('tools/call');
    expect(readCallLog(callLog).slice(before)).toEqual([]);
  });

  it.each([
    ['exit', /could not connect \(process-exit\), exit code 3, stderr (\d+) B/],
    ['signal', /could not connect \(process-exit\), killed by SIGKILL, stderr (\d+) B/],
  ] as const)('a server that would not start (%s): how it ended and its stderr byte count, exit 4', async (how, line) => {
    const dying = await writeManifest(dir, dyingServer(how), `dying-${how}.yaml`);
    const result = await runCli(['explain', 'catalog', dying, '--show-server-text'], { cwd: dir });
    expect(result.code).toBe(4);
    expect(result.stdout).toMatch(/^catalog \(dimension discovery-cost\): error connect-failed\n/);
    const bytes = Number(line.exec(result.stdout)?.[1]);
    expect(bytes).toBe(Buffer.byteLength(`starting failed: ${PLANTED}\n`));
    expect(result.stdout + result.stderr).not.toContain(CANARY);

    const shown = await runOnTerminal(['explain', 'catalog', dying, '--show-server-text'], {});
    expect(shown.code).toBe(4);
    expect(shown.output).toMatch(new RegExp(`connection 1: end of stderr:\\r?\\n {2}\\| starting failed: ${CANARY}`));
    // The escape sequence arrives as visible text, never as a control character.
    expect(shown.output).toContain(`${CANARY}\\x1b[2J`);
    expect(shown.output).not.toContain('\u001b');
  });

  it('a stdio command that does not exist is spawn-failed, exit 4', async () => {
    const missing = await writeManifest(
      dir,
      'version: 1\nserver:\n  stdio: { command: mcp-eval-no-such-command }\ncases:\n  - { id: catalog, dimension: discovery-cost, max_tools: 2, max_schema_bytes: 100000 }\n',
      'missing.yaml',
    );
    const result = await runCli(['explain', 'catalog', missing], { cwd: dir });
    expect(result.code).toBe(4);
    expect(result.stdout).toContain('connection 1: could not connect (spawn-failed)');
  });

  describe('over HTTP', () => {
    let server: HttpFixture;
    beforeAll(async () => {
      server = await startHttpFixture('reference');
    });
    afterAll(async () => server.close());

    it('shows the HTTP status of every answer', async () => {
      const http = await writeManifest(dir, `version: 1\n${httpServerYaml(server.url)}\n${CASES}`, 'http.yaml');
      const result = await runCli(['explain', 'strict-missing', http], { cwd: dir });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/connection 1: http 2026-07-28/);
      expect(result.stdout).toMatch(/tools\/call strict_lookup {2}error {2}code=-32602 {2}http=200 {2}latency=/);
      expect(result.stdout + result.stderr).not.toContain(CANARY);
    });
  });
});
