import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { HttpFixture } from '@mcp-eval/fixture-servers';
import { CANARY, everythingStdio, startHttpFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli, scratchDir } from '../test-support/run-cli.js';

/** A command line for `--stdio`, every word quoted as a shell would need. */
function commandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
}

const EVERYTHING = (() => {
  const spec = everythingStdio();
  return commandLine(spec.command, spec.args);
})();
const REFERENCE = (() => {
  const spec = stdioFixture('reference');
  return commandLine(spec.command, spec.args);
})();

async function inScratch<T>(body: (dir: string) => Promise<T>): Promise<T> {
  const { dir, cleanup } = await scratchDir();
  try {
    return await body(dir);
  } finally {
    await cleanup();
  }
}

interface ReportCase {
  readonly id: string;
  readonly check: string;
  readonly status: string;
  readonly label?: string;
}

describe('mcp-eval init against @modelcontextprotocol/server-everything', () => {
  it('writes a manifest that validate accepts and run executes, one case per dimension and probe', async () => {
    await inScratch(async (dir) => {
      const init = await runCli(['init', '--stdio', EVERYTHING], { cwd: dir });
      expect(init.stderr).toBe('');
      expect(init.code).toBe(0);
      expect(init.stdout).toMatch(/^wrote mcp-eval\.yaml: 13 cases from 13 of 13 tools/);
      const text = await readFile(join(dir, 'mcp-eval.yaml'), 'utf8');
      expect(text).not.toMatch(/^sandbox:/m);

      const validate = await runCli(['validate'], { cwd: dir });
      expect(validate).toMatchObject({ code: 0, stdout: 'ok: 13 cases in mcp-eval.yaml\n', stderr: '' });

      const run = await runCli(['run', '--reporter', 'json=run.json'], { cwd: dir });
      // 0 or 1: the run happened; the TODO cases may fail until a person finishes them.
      expect([0, 1]).toContain(run.code);
      const report = JSON.parse(await readFile(join(dir, 'run.json'), 'utf8')) as { cases: ReportCase[] };
      expect(report.cases).toHaveLength(13);
      const byCheck = Object.fromEntries(report.cases.map((c) => [c.check, c]));
      // Cases with complete skeletons pass out of the box; the mutating one is skipped, sending nothing.
      for (const check of ['discovery-cost', 'schema-guessability', 'contention', 'token-cost', 'degradation-over-n', 'latency-budget', 'pagination', 'payload-bounds', 'surface-listing']) {
        expect(byCheck[check], check).toMatchObject({ status: 'pass' });
      }
      expect(byCheck['state-recovery']).toMatchObject({ status: 'skip', label: 'mutation-not-allowed' });
      expect(report.cases.every((c) => c.status !== 'error')).toBe(true);
    });
  });
});

describe('mcp-eval init, the record boundary', () => {
  it('writes only tool names, argument names and placeholders: no canary from descriptions, schemas or results', async () => {
    await inScratch(async (dir) => {
      const init = await runCli(['init', '--stdio', REFERENCE], { cwd: dir });
      expect(init.code).toBe(0);
      const text = await readFile(join(dir, 'mcp-eval.yaml'), 'utf8');
      for (const output of [text, init.stdout, init.stderr]) expect(output).not.toContain(CANARY);
      expect(text).toMatch(/^ {4}tool: (echo|add|get_item|flaky_read|strict_lookup|slow_read|big_read)$/m);
      const validate = await runCli(['validate'], { cwd: dir });
      expect(validate.code).toBe(0);
    });
  });
});

describe('mcp-eval init, files and flags', () => {
  it('refuses to overwrite an existing file without --force (exit 2, nothing connected), overwrites with it', async () => {
    await inScratch(async (dir) => {
      await writeFile(join(dir, 'mcp-eval.yaml'), 'mine\n');
      const refused = await runCli(['init', '--stdio', REFERENCE], { cwd: dir });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/mcp-eval\.yaml already exists; use --force to overwrite it/);
      expect(await readFile(join(dir, 'mcp-eval.yaml'), 'utf8')).toBe('mine\n');
      const forced = await runCli(['init', '--stdio', REFERENCE, '--force'], { cwd: dir });
      expect(forced.code).toBe(0);
      expect(await readFile(join(dir, 'mcp-eval.yaml'), 'utf8')).toMatch(/^version: 1$/m);
    });
  });

  it('--out in another directory records where the server starts, so the manifest runs from anywhere', async () => {
    await inScratch(async (dir) => {
      await mkdir(join(dir, 'ci'));
      const init = await runCli(['init', '--stdio', REFERENCE, '--out', 'ci/eval.yaml'], { cwd: dir });
      expect(init.code).toBe(0);
      const text = await readFile(join(dir, 'ci/eval.yaml'), 'utf8');
      expect(text).toMatch(/^ {4}cwd: "\.\."$/m);
      const run = await runCli(['run', 'eval.yaml', '--only', 'catalog-budget', '--reporter', 'json'], { cwd: join(dir, 'ci') });
      expect(run.code).toBe(0);
    });
  });

  it('keeps --env values out of the file, as ${env:…} references the run then needs', async () => {
    await inScratch(async (dir) => {
      const init = await runCli(['init', '--stdio', REFERENCE, '--env', 'FIXTURE_TOKEN=hunter2-secret'], { cwd: dir });
      expect(init.code).toBe(0);
      const text = await readFile(join(dir, 'mcp-eval.yaml'), 'utf8');
      expect(text).not.toContain('hunter2-secret');
      expect(text).toMatch(/^ {6}FIXTURE_TOKEN: "\$\{env:FIXTURE_TOKEN\}"$/m);
      const validate = await runCli(['validate'], { cwd: dir });
      expect(validate.code).toBe(0);
      expect(validate.stderr).toMatch(/warning: environment variable `FIXTURE_TOKEN` is not set/);
    });
  });

  it('a server that cannot start: exit 1, nothing written', async () => {
    await inScratch(async (dir) => {
      const init = await runCli(['init', '--stdio', '/nonexistent/mcp-server'], { cwd: dir });
      expect(init.code).toBe(1);
      expect(init.stderr).toMatch(/could not read the server's tool catalog \(connect-spawn-failed\); nothing was written/);
      await expect(readFile(join(dir, 'mcp-eval.yaml'), 'utf8')).rejects.toThrow();
    });
  });

  it.each([
    [['init'], /exactly one of --stdio/],
    [['init', '--stdio', 'node "unterminated'], /unterminated double quote/],
    [['init', '--url', 'http://127.0.0.1:1/mcp', '--env', 'A=b'], /--env applies only to --stdio/],
  ])('%j: exit 2', async (args, message) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});

describe('mcp-eval init over HTTP', () => {
  let http: HttpFixture | undefined;
  beforeAll(async () => {
    http = await startHttpFixture('reference');
  });
  afterAll(async () => {
    await http?.close();
  });

  it('writes the URL and header names; a literal header value becomes a reference, a reference is kept', async () => {
    await inScratch(async (dir) => {
      const init = await runCli(
        ['init', '--url', http!.url, '--header', 'X-Api-Key: s3cret-value', '--header', 'X-Team: ${env:TEAM}'],
        { cwd: dir, env: { TEAM: 'evals' } },
      );
      expect(init.code).toBe(0);
      const text = await readFile(join(dir, 'mcp-eval.yaml'), 'utf8');
      expect(text).not.toContain('s3cret-value');
      expect(text).not.toContain(CANARY);
      expect(text).toContain(`url: ${JSON.stringify(http!.url)}`);
      expect(text).toMatch(/^ {6}X-Api-Key: "\$\{env:X_API_KEY\}"$/m);
      expect(text).toMatch(/^ {6}X-Team: "\$\{env:TEAM\}"$/m);
      const run = await runCli(['run', '--only', 'catalog-budget', '--reporter', 'json'], { cwd: dir, env: { TEAM: 'evals', X_API_KEY: 'k' } });
      expect(run.code).toBe(0);
    });
  });
});
