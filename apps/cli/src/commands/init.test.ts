import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { JsonObject } from '@mcp-eval/core';
import { checks, isRecord, listTools, parseManifest } from '@mcp-eval/core';
import type { HttpFixture } from '@mcp-eval/fixture-servers';
import { CANARY, everythingStdio, startHttpFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import { createConnector } from '@mcp-eval/transports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inScratch, runCli } from '../test-support/run-cli.js';

/** One case per check with a starter builder (server-everything fits every one). */
const STARTER_CASES = checks.filter((c) => c.starter !== undefined).length;

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
      expect(init.stdout).toMatch(new RegExp(`^wrote mcp-eval\\.yaml: ${STARTER_CASES} cases from 13 of 13 tools`));
      const text = await readFile(join(dir, 'mcp-eval.yaml'), 'utf8');
      expect(text).not.toMatch(/^sandbox:/m);

      const validate = await runCli(['validate'], { cwd: dir });
      expect(validate).toMatchObject({ code: 0, stdout: `ok: ${STARTER_CASES} cases in mcp-eval.yaml\n`, stderr: '' });

      const run = await runCli(['run', '--reporter', 'json=run.json'], { cwd: dir });
      // 0 or 1: the run happened; the TODO cases may fail until a person finishes them.
      expect([0, 1]).toContain(run.code);
      const report = JSON.parse(await readFile(join(dir, 'run.json'), 'utf8')) as { cases: ReportCase[] };
      expect(report.cases).toHaveLength(STARTER_CASES);
      const byCheck = Object.fromEntries(report.cases.map((c) => [c.check, c]));
      // Cases with complete skeletons pass out of the box; the mutating one is skipped, sending nothing.
      for (const check of [
        'discovery-cost',
        'schema-guessability',
        'contention',
        'token-cost',
        'degradation-over-n',
        'latency-budget',
        'pagination',
        'payload-bounds',
        'surface-listing',
      ]) {
        expect(byCheck[check], check).toMatchObject({ status: 'pass' });
      }
      expect(byCheck['state-recovery']).toMatchObject({ status: 'skip', label: 'mutation-not-allowed' });
      expect(report.cases.every((c) => c.status !== 'error')).toBe(true);
    });
  });
});

/** The live catalog, read the way the checks read it, to compare init's choices with the server's annotations. */
async function everythingCatalog(): Promise<Map<string, JsonObject>> {
  const connection = await createConnector(everythingStdio(), { protocol: 'auto', timeoutMs: 10_000 }).connect();
  try {
    const walk = await listTools({ timeoutMs: 10_000, signal: new AbortController().signal }, connection);
    return new Map(walk.items.map((tool) => [String(tool.name), tool]));
  } finally {
    await connection.close();
  }
}

const hint = (tool: JsonObject | undefined, name: string): boolean => isRecord(tool?.annotations) && tool.annotations[name] === true;

describe('mcp-eval init, safe and measured choices on @modelcontextprotocol/server-everything', () => {
  it('read_only: true exactly where the server annotates readOnlyHint, no mutating step on an openWorldHint tool, token budgets token-cost passes', async () => {
    await inScratch(async (dir) => {
      const init = await runCli(['init', '--stdio', EVERYTHING], { cwd: dir });
      expect(init.code).toBe(0);
      const text = await readFile(join(dir, 'mcp-eval.yaml'), 'utf8');
      const parsed = parseManifest(text, 'mcp-eval.yaml', checks);
      if (!parsed.ok) throw new Error('invalid manifest');
      const catalog = await everythingCatalog();
      for (const c of parsed.manifest.cases) {
        const params = c.params as {
          tool?: string;
          read_only?: boolean;
          failure?: { tool: string };
          recovery?: { tool: string; mutating?: boolean };
        };
        const tool = params.tool ?? params.failure?.tool;
        if (tool === undefined) continue;
        expect(params.read_only === true, c.id).toBe(hint(catalog.get(tool), 'readOnlyHint'));
        if (!hint(catalog.get(tool), 'readOnlyHint'))
          expect(text, c.id).toMatch(new RegExp(`# TODO: \`${tool}\` is not annotated readOnlyHint: true`));
        if (params.recovery?.mutating === true)
          expect(hint(catalog.get(params.recovery.tool), 'openWorldHint'), 'recovery tool').toBe(false);
      }

      const run = await runCli(['run', '--only', 'token-budget', '--reporter', 'json=run.json'], { cwd: dir });
      expect(run.code).toBe(0);
      const report = JSON.parse(await readFile(join(dir, 'run.json'), 'utf8')) as { cases: { measurements: Record<string, number> }[] };
      const measured = report.cases[0]?.measurements.totalTokens ?? 0;
      const budget = parsed.manifest.cases.find((c) => c.check === 'token-cost')?.params as {
        max_total_tokens: number;
        max_tool_tokens: number;
      };
      // The headroom is stated (25%, rounded up to 100): the budget follows what token-cost measures.
      expect(budget.max_total_tokens).toBe(Math.ceil((measured * 1.25 + 1) / 100) * 100);
      expect(budget.max_tool_tokens).toBeLessThanOrEqual(budget.max_total_tokens);
      expect(text).toContain(`token-cost measures ${measured} tokens today`);
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

  it('--out creates the folders it names', async () => {
    await inScratch(async (dir) => {
      const init = await runCli(['init', '--stdio', REFERENCE, '--out', 'missing/deeper/eval.yaml'], { cwd: dir });
      expect(init.stderr).toBe('');
      expect(init.code).toBe(0);
      expect(await readFile(join(dir, 'missing/deeper/eval.yaml'), 'utf8')).toMatch(/^version: 1$/m);
      const validate = await runCli(['validate', 'missing/deeper/eval.yaml'], { cwd: dir });
      expect(validate.code).toBe(0);
    });
  });

  it('an --out that cannot be written is exit 2 with the OS code, no stack trace', async () => {
    await inScratch(async (dir) => {
      await writeFile(join(dir, 'a-file'), 'not a folder\n');
      const init = await runCli(['init', '--stdio', REFERENCE, '--out', 'a-file/eval.yaml'], { cwd: dir });
      expect(init.code).toBe(2);
      expect(init.stderr).toMatch(/cannot write a-file\/eval\.yaml \((ENOTDIR|EEXIST)\); nothing was written/);
      expect(init.stderr).not.toMatch(/^\s+at /m);
    });
  });

  it('counts in the singular for one tool', async () => {
    await inScratch(async (dir) => {
      const spec = stdioFixture('catalog', { FIXTURE_TOOLS: '1' });
      const init = await runCli(['init', '--stdio', commandLine(spec.command, spec.args), '--env', 'FIXTURE_TOOLS=1'], {
        cwd: dir,
        env: { FIXTURE_TOOLS: '1' },
      });
      expect(init.code).toBe(0);
      expect(init.stdout).toMatch(/ from 1 of 1 tool;/);
      const text = await readFile(join(dir, 'mcp-eval.yaml'), 'utf8');
      expect(text).toMatch(/tool catalog \(1 tool, protocol/);
      expect(text).toMatch(/Catalog today: 1 tool, \d+ bytes\./);
      expect(text).not.toMatch(/\b1 tools\b/);
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
      const init = await runCli(['init', '--url', http!.url, '--header', 'X-Api-Key: s3cret-value', '--header', 'X-Team: ${env:TEAM}'], {
        cwd: dir,
        env: { TEAM: 'evals' },
      });
      expect(init.code).toBe(0);
      const text = await readFile(join(dir, 'mcp-eval.yaml'), 'utf8');
      expect(text).not.toContain('s3cret-value');
      expect(text).not.toContain(CANARY);
      expect(text).toContain(`url: ${JSON.stringify(http!.url)}`);
      expect(text).toMatch(/^ {6}X-Api-Key: "\$\{env:X_API_KEY\}"$/m);
      expect(text).toMatch(/^ {6}X-Team: "\$\{env:TEAM\}"$/m);
      const run = await runCli(['run', '--only', 'catalog-budget', '--reporter', 'json'], {
        cwd: dir,
        env: { TEAM: 'evals', X_API_KEY: 'k' },
      });
      expect(run.code).toBe(0);
    });
  });
});
