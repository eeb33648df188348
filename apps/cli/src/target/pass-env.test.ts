import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { everythingStdio, stdioFixture } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import type { Io } from '../io.js';
import { inScratch, runBin, runCli, writeManifest } from '../test-support/run-cli.js';
import { targetFromFlags } from './target-from-flags.js';

/** The value MCP Eval's own environment holds: it must reach the server and nothing else. */
const PASSED_VALUE = 'pass-env-canary-7f3a9c-VALUE';
const NAME = 'MCP_EVAL_PASSED_VAR';

/** server-everything's get-env answers its whole environment as JSON: proof of what the process got. */
function manifest(passEnv: string): string {
  const spec = everythingStdio();
  return [
    'version: 1',
    'server:',
    `  stdio: { command: ${JSON.stringify(spec.command)}, args: ${JSON.stringify(spec.args)} }`,
    passEnv,
    'cases:',
    '  - id: sees-passed-variable',
    '    probe: instruction-fidelity',
    '    tool: get-env',
    '    arguments: {}',
    '    read_only: true',
    `    expect: { fields: [${NAME}] }`,
    '  - id: no-proxy-unless-named',
    '    probe: instruction-fidelity',
    '    tool: get-env',
    '    arguments: {}',
    '    read_only: true',
    '    expect: { fields: [HTTPS_PROXY] }',
    '',
  ].join('\n');
}

const env = { [NAME]: PASSED_VALUE, HTTPS_PROXY: `http://${PASSED_VALUE}.invalid:1` };
const reporters = [
  '--reporter',
  'json=r/run.json',
  '--reporter',
  'junit=r/run.xml',
  '--reporter',
  'sarif=r/run.sarif',
  '--reporter',
  'pretty',
];

/** Every report file and the console: none may hold the value. */
async function everyOutput(dir: string, result: { stdout: string; stderr: string }): Promise<string[]> {
  const files = await readdir(join(dir, 'r'));
  expect(files.length).toBe(3);
  return [result.stdout, result.stderr, ...(await Promise.all(files.map((f) => readFile(join(dir, 'r', f), 'utf8'))))];
}

// The spawned bin: what a server inherits comes from the real process's environment, not `io.env`.
describe('server.pass_env on @modelcontextprotocol/server-everything', () => {
  it('passes a named variable to the server unchanged, and only it (no proxy unless named); no report carries its value', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, manifest(`  pass_env: [${NAME}]`));
      const run = await runBin(['run', ...reporters], { cwd: dir, env });
      const report = JSON.parse(await readFile(join(dir, 'r/run.json'), 'utf8')) as {
        cases: { id: string; status: string; label?: string }[];
      };
      expect(report.cases).toEqual([
        expect.objectContaining({ id: 'sees-passed-variable', status: 'pass' }),
        expect.objectContaining({ id: 'no-proxy-unless-named', status: 'fail', label: 'field-missing' }),
      ]);
      for (const output of await everyOutput(dir, run)) expect(output).not.toContain(PASSED_VALUE);
    });
  });

  it('without pass_env the variable stays out', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, manifest(''));
      await runBin(['run', '--reporter', 'json=r/run.json'], { cwd: dir, env });
      const report = JSON.parse(await readFile(join(dir, 'r/run.json'), 'utf8')) as {
        cases: { id: string; status: string; label?: string }[];
      };
      expect(report.cases[0]).toMatchObject({ id: 'sees-passed-variable', status: 'fail', label: 'field-missing' });
    });
  });
});

describe('--pass-env', () => {
  it('init writes the names as server.pass_env, never the values', async () => {
    await inScratch(async (dir) => {
      const spec = stdioFixture('reference');
      const command = [spec.command, ...spec.args].map((w) => `'${w}'`).join(' ');
      const init = await runCli(['init', '--stdio', command, '--pass-env', NAME, '--pass-env', 'HTTPS_PROXY'], { cwd: dir, env });
      expect(init.code).toBe(0);
      const text = await readFile(join(dir, 'mcp-eval.yaml'), 'utf8');
      expect(text).toMatch(new RegExp(`^ {2}pass_env: \\[${NAME}, HTTPS_PROXY\\]$`, 'm'));
      for (const output of [text, init.stdout, init.stderr]) expect(output).not.toContain(PASSED_VALUE);
      const validate = await runCli(['validate'], { cwd: dir });
      expect(validate.code).toBe(0);
    });
  });

  const io: Io = { stdout: process.stdout, stderr: process.stderr, env: {}, cwd: '/tmp' };

  it('names reach the stdio target', () => {
    expect(targetFromFlags({ stdio: 'node server.js', passEnv: ['HTTPS_PROXY', 'NO_PROXY'] }, io).target).toMatchObject({
      transport: 'stdio',
      passEnv: ['HTTPS_PROXY', 'NO_PROXY'],
    });
    expect(targetFromFlags({ stdio: 'node server.js' }, io).target).not.toHaveProperty('passEnv');
  });

  it.each([
    [{ url: 'http://127.0.0.1:1/mcp', passEnv: ['A'] }, /--pass-env applies only to a stdio server/],
    [{ stdio: 'node s.js', passEnv: ['A=b'] }, /--pass-env takes a variable name/],
    [{ stdio: 'node s.js', passEnv: ['A', 'A'] }, /--pass-env names a variable twice/],
    [{ stdio: 'node s.js', passEnv: Array.from({ length: 65 }, (_, i) => `V${i}`) }, /at most 64/],
  ])('refuses %j', (flags, message) => {
    expect(() => targetFromFlags(flags, io)).toThrow(message);
  });
});
