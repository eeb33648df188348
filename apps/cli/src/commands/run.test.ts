import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { HttpFixture } from '@mcp-eval/fixture-servers';
import { CANARY, everythingStdio, readCallLog, startHttpFixture } from '@mcp-eval/fixture-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';
import { httpServerYaml, stdioServerYaml } from '../test-support/server-yaml.js';

interface ReportCase {
  readonly id: string;
  readonly status: string;
  readonly label?: string;
}

// One case per headline dimension that the reference fixture passes.
const PASSING_CASES = `
cases:
  - id: catalog-budget
    dimension: discovery-cost
    max_tools: 40
    max_schema_bytes: 65536
  - id: echo-guessable
    dimension: schema-guessability
    tool: echo
    arguments: { message: hello }
  - id: missing-item-is-honest
    dimension: error-honesty
    tool: get_item
    arguments: { id: does-not-exist }
    expect_retryable: false
  - id: restore-after-delete
    dimension: state-recovery
    failure: { tool: get_item, arguments: { id: fresh } }
    recovery: { tool: create_item, arguments: { id: fresh }, mutating: true }
    validation: { tool: get_item, arguments: { id: fresh } }
  - id: concurrent-sum
    dimension: contention
    tool: add
    arguments: { a: 1, b: 2 }
`;

// The same dimensions against the flawed fixture, each failing its own way.
const FAILING_CASES = `
cases:
  - id: catalog-budget
    dimension: discovery-cost
    max_tools: 10
    max_schema_bytes: 1000000
  - id: ghost-field
    dimension: schema-guessability
    tool: ghost_required
    arguments: {}
  - id: codeless
    dimension: error-honesty
    tool: codeless_error
    arguments: {}
    expect_retryable: false
  - id: forgetful
    dimension: state-recovery
    failure: { tool: get_item, arguments: { id: missing } }
    recovery: { tool: forgetful_create, arguments: { id: missing }, mutating: true }
    validation: { tool: get_item, arguments: { id: missing } }
  - id: exclusive
    dimension: contention
    tool: exclusive_write
    arguments: {}
`;

const EXPECTED_FAILURES: Record<string, string> = {
  'catalog-budget': 'too-many-tools',
  'ghost-field': 'required-not-in-properties',
  codeless: 'no-error-code',
  forgetful: 'validation-failed',
  exclusive: 'some-clients-failed',
};

async function runJson(yaml: string, args: readonly string[] = []): Promise<{ code: number | null; cases: ReportCase[]; stderr: string }> {
  const { dir, cleanup } = await scratchDir();
  try {
    const manifest = await writeManifest(dir, yaml);
    const result = await runCli(['run', manifest, '--reporter', 'json', '--allow-mutation', ...args]);
    const cases = result.stdout ? (JSON.parse(result.stdout) as { cases: ReportCase[] }).cases : [];
    return { code: result.code, cases, stderr: result.stderr };
  } finally {
    await cleanup();
  }
}

const byId = (cases: readonly ReportCase[]): Record<string, ReportCase> => Object.fromEntries(cases.map((c) => [c.id, c]));

describe.each([
  ['2026-07-28', 'stdio'],
  ['2025-11-25', 'stdio'],
  ['2026-07-28', 'http'],
  ['2025-11-25', 'http'],
] as const)('mcp-eval run, era %s over %s', (protocol, transport) => {
  let reference: HttpFixture | undefined;
  let flawed: HttpFixture | undefined;
  beforeAll(async () => {
    if (transport === 'http')
      [reference, flawed] = await Promise.all([startHttpFixture('reference'), startHttpFixture('flawed-dimensions')]);
  });
  afterAll(async () => {
    await Promise.all([reference?.close(), flawed?.close()]);
  });
  const server = (fixture: 'reference' | 'flawed-dimensions'): string => {
    const http = fixture === 'reference' ? reference : flawed;
    return http ? httpServerYaml(http.url, protocol) : stdioServerYaml(fixture, protocol);
  };

  it('passes every headline dimension against the reference server, exit 0', async () => {
    const { code, cases } = await runJson(`version: 1\n${server('reference')}\nsandbox: { name: memory }\n${PASSING_CASES}`);
    expect(cases.map((c) => [c.id, c.status])).toEqual([
      ['catalog-budget', 'pass'],
      ['echo-guessable', 'pass'],
      ['missing-item-is-honest', 'pass'],
      ['restore-after-delete', 'pass'],
      ['concurrent-sum', 'pass'],
    ]);
    expect(code).toBe(0);
  });

  it('fails every headline dimension against the flawed server with its label, exit 1', async () => {
    const { code, cases } = await runJson(`version: 1\n${server('flawed-dimensions')}\nsandbox: { name: memory }\n${FAILING_CASES}`);
    const got = byId(cases);
    for (const [id, label] of Object.entries(EXPECTED_FAILURES)) {
      expect(got[id], id).toMatchObject({ status: 'fail', label });
    }
    expect(code).toBe(1);
  });
});

describe('mcp-eval run against @modelcontextprotocol/server-everything (legacy, stdio)', () => {
  it('measures discovery-cost, schema-guessability and contention', async () => {
    const everything = everythingStdio();
    const yaml = `version: 1
server:
  stdio: { command: ${JSON.stringify(everything.command)}, args: ${JSON.stringify(everything.args)} }
  timeout_ms: 20000
cases:
  - id: catalog-budget
    dimension: discovery-cost
    max_tools: 40
    max_schema_bytes: 65536
  - id: echo-guessable
    dimension: schema-guessability
    tool: echo
    arguments: { message: hello }
  - id: concurrent-sum
    dimension: contention
    tool: get-sum
    arguments: { a: 1, b: 2 }
`;
    const { code, cases } = await runJson(yaml);
    expect(cases.map((c) => [c.id, c.status])).toEqual([
      ['catalog-budget', 'pass'],
      ['echo-guessable', 'pass'],
      ['concurrent-sum', 'pass'],
    ]);
    expect(code).toBe(0);
  });
});

describe('the mutation gate', () => {
  const mutatingCase = `
cases:
  - id: restore
    dimension: state-recovery
    failure: { tool: get_item, arguments: { id: z } }
    recovery: { tool: create_item, arguments: { id: z }, mutating: true }
    validation: { tool: get_item, arguments: { id: z } }
`;

  it.each([
    ['no sandbox, with --allow-mutation', '', ['--allow-mutation']],
    ['a sandbox, without --allow-mutation', 'sandbox: { name: memory }\n', []],
  ])('with %s, sends no call of the case and skips it', async (_name, sandbox, flags) => {
    const { dir, cleanup } = await scratchDir();
    try {
      const log = join(dir, 'calls.log');
      const manifest = await writeManifest(
        dir,
        `version: 1\n${stdioServerYaml('reference', 'auto', { FIXTURE_CALL_LOG: log })}\n${sandbox}${mutatingCase}`,
      );
      const result = await runCli(['run', manifest, '--reporter', 'json', ...flags]);
      expect(result.code).toBe(0);
      expect((JSON.parse(result.stdout) as { cases: ReportCase[] }).cases[0]).toMatchObject({
        status: 'skip',
        label: 'mutation-not-allowed',
      });
      expect(readCallLog(log)).toEqual([]);
    } finally {
      await cleanup();
    }
  });

  it('with a sandbox and --allow-mutation, sends the whole sequence', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const log = join(dir, 'calls.log');
      const manifest = await writeManifest(
        dir,
        `version: 1\n${stdioServerYaml('reference', 'auto', { FIXTURE_CALL_LOG: log })}\nsandbox: { name: memory }\n${mutatingCase}`,
      );
      const result = await runCli(['run', manifest, '--reporter', 'json', '--allow-mutation']);
      expect(result.code).toBe(0);
      expect(readCallLog(log)).toEqual(['get_item', 'create_item', 'get_item']);
    } finally {
      await cleanup();
    }
  });
});

describe('the record boundary', () => {
  it('no report and no console output carries the canary the fixtures plant', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const yaml = `version: 1\n${stdioServerYaml('flawed-dimensions')}\nsandbox: { name: memory }\n${FAILING_CASES}`;
      const manifest = await writeManifest(dir, yaml);
      const out = join(dir, 'out');
      const files = ['r.json', 'r.xml', 'r.sarif'].map((f) => join(out, f));
      const result = await runCli([
        'run',
        manifest,
        '--allow-mutation',
        '--reporter',
        'pretty',
        '--reporter',
        `json=${files[0]}`,
        '--reporter',
        `junit=${files[1]}`,
        '--reporter',
        `sarif=${files[2]}`,
      ]);
      expect(result.code).toBe(1);
      const texts = [result.stdout, result.stderr, ...(await Promise.all(files.map((f) => readFile(f, 'utf8'))))];
      for (const text of texts) expect(text).not.toContain(CANARY);
      expect(result.stdout).toContain('FAIL');
    } finally {
      await cleanup();
    }
  });
});
