import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { CANARY } from '@mcp-eval/fixture-servers';
import { REPORTERS } from '@mcp-eval/reporters';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { EXIT } from '../cli-error.js';
import { runBin, runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';
import { isReporter, MAX_REPORTER_EXTENSION_LENGTH, MAX_REPORTER_NAME_LENGTH } from './reporter-module.js';

const PASSING = `version: 1
${stdioServerYaml('reference')}
cases:
  - id: echo-guessable
    dimension: schema-guessability
    tool: echo
    arguments: { message: hello }
`;

/** A tiny reporter, as a plug-in author would write it: the report in, a line of text out. */
const TALLY = `export default {
  name: 'tally',
  fileExtension: '.tally',
  format(report) {
    return report.command + ' ' + report.cases.map((c) => c.id + '=' + c.status).join(',') + ' pass=' + report.summary.pass + '\\n';
  },
};
`;

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeEach(async () => {
  ({ dir, cleanup } = await scratchDir());
});
afterEach(async () => {
  await cleanup();
});

/** A manifest whose server only leaves a mark that it was started: proof that nothing was run. */
async function markingManifest(): Promise<{ manifest: string; mark: string }> {
  const mark = join(dir, 'server-started');
  const script = `require('node:fs').writeFileSync(${JSON.stringify(mark)}, '')`;
  const manifest = await writeManifest(
    dir,
    `version: 1\nserver:\n  stdio: { command: ${JSON.stringify(process.execPath)}, args: ["-e", ${JSON.stringify(script)}] }\ncases:\n  - { id: budget, dimension: discovery-cost, max_tools: 5 }\n`,
  );
  return { manifest, mark };
}

describe('--reporter <path of a reporter module>', () => {
  it('runs a reporter module against the reference fixture: out.txt is what it rendered, beside the built-ins', async () => {
    await writeFile(join(dir, 'tally.mjs'), TALLY, 'utf8');
    const manifest = await writeManifest(dir, PASSING);
    const result = await runCli(['run', manifest, '--reporter', './tally.mjs=out.txt', '--reporter', 'json=run.json'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(EXIT.ok);
    expect(await readFile(join(dir, 'out.txt'), 'utf8')).toBe('run echo-guessable=pass pass=1\n');
    const saved = JSON.parse(await readFile(join(dir, 'run.json'), 'utf8')) as { cases: { id: string; status: string }[] };
    expect(saved.cases).toEqual([expect.objectContaining({ id: 'echo-guessable', status: 'pass' })]);
    // No reporter wrote to the console, so the pretty summary did.
    expect(result.stdout).toContain('echo-guessable');
  });

  it("the built bin loads it too (Node's own import), by absolute path, and --output-dir names the file by its extension", async () => {
    await writeFile(join(dir, 'tally.js'), TALLY.replace('export default', 'const tally =') + 'export default tally;\n', 'utf8');
    await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n', 'utf8');
    const manifest = await writeManifest(dir, PASSING);
    const result = await runBin(['run', manifest, '--reporter', join(dir, 'tally.js'), '--output-dir', join(dir, 'reports'), '--quiet'], {
      cwd: dir,
    });
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toBe('');
    expect(await readFile(join(dir, 'reports', 'mcp-eval.tally'), 'utf8')).toBe('run echo-guessable=pass pass=1\n');
  });

  it('works for report, re-rendering a saved run', async () => {
    await writeFile(join(dir, 'tally.mjs'), TALLY, 'utf8');
    const manifest = await writeManifest(dir, PASSING);
    expect((await runCli(['run', manifest, '--reporter', 'json=run.json'], { cwd: dir })).code).toBe(EXIT.ok);
    const result = await runCli(['report', 'run.json', '--reporter', './tally.mjs'], { cwd: dir });
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toBe('run echo-guessable=pass pass=1\n');
  });

  it.each([
    [
      'not a reporter (a default export without format)',
      'bad.mjs',
      `export default { name: 'bad', fileExtension: '.txt', hint: ${JSON.stringify(CANARY)} };\n`,
      /reporter module \.\/bad\.mjs does not export a reporter/,
    ],
    [
      'no default export',
      'bad.mjs',
      `export const reporter = { name: 'bad', fileExtension: '.txt', format: () => '' };\n`,
      /does not export a reporter/,
    ],
    [
      'a module that throws while loading',
      'bad.mjs',
      `throw new Error(${JSON.stringify(CANARY)});\n`,
      /reporter module \.\/bad\.mjs could not be loaded/,
    ],
    ['not JavaScript at all', 'bad.mjs', `${CANARY} is not code {\n`, /could not be loaded/],
    ['a file that is missing', 'absent.mjs', undefined, /reporter module \.\/absent\.mjs cannot be read \(ENOENT\)/],
    ['a module path that is not .js or .mjs', 'bad.ts', 'export default 1;\n', /reporter module \.\/bad\.ts must be a \.js or \.mjs file/],
  ])("%s: exit 2 with a fixed reason, the module's own text never printed, nothing run", async (_what, file, text, message) => {
    if (text !== undefined) await writeFile(join(dir, file), text, 'utf8');
    const { manifest, mark } = await markingManifest();
    const result = await runCli(['run', manifest, '--reporter', `./${file}=out.txt`], { cwd: dir });
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toMatch(message);
    expect(result.stderr + result.stdout).not.toContain(CANARY);
    expect(existsSync(mark)).toBe(false);
    expect(existsSync(join(dir, 'out.txt'))).toBe(false);
  });

  it('a module whose format throws: one fixed line, the other reports still written, a passing run exits 1', async () => {
    await writeFile(
      join(dir, 'broken.mjs'),
      `export default { name: 'broken', fileExtension: '.txt', format() { throw new Error(${JSON.stringify(CANARY)}); } };\n`,
      'utf8',
    );
    const manifest = await writeManifest(dir, PASSING);
    const result = await runCli(['run', manifest, '--reporter', './broken.mjs=out.txt', '--reporter', 'json=run.json'], { cwd: dir });
    expect(result.code).toBe(EXIT.failed);
    expect(result.stderr).toBe(
      'mcp-eval: the broken reporter failed to render the report (it threw, or returned something other than text)\n',
    );
    expect(result.stderr + result.stdout).not.toContain(CANARY);
    expect(existsSync(join(dir, 'out.txt'))).toBe(false);
    expect(existsSync(join(dir, 'run.json'))).toBe(true);
  });

  it('a module cannot change what the reporters after it render: it gets its own copy of the report', async () => {
    await writeFile(
      join(dir, 'vandal.mjs'),
      `export default { name: 'vandal', fileExtension: '.txt', format(report) { report.cases.length = 0; report.summary.pass = 99; return 'x'; } };\n`,
      'utf8',
    );
    const manifest = await writeManifest(dir, PASSING);
    const result = await runCli(['run', manifest, '--reporter', './vandal.mjs=out.txt', '--reporter', 'json'], { cwd: dir });
    expect(result.code).toBe(EXIT.ok);
    const report = JSON.parse(result.stdout) as { cases: unknown[]; summary: { pass: number } };
    expect(report.cases).toHaveLength(1);
    expect(report.summary.pass).toBe(1);
  });

  it('the help lists every reporter in the table and the module form', async () => {
    const help = await runCli(['run', '--help']);
    const line = help.stdout.split('\n').find((l) => l.includes('--reporter')) ?? '';
    for (const name of Object.keys(REPORTERS)) expect(line).toContain(name);
    expect(line).toContain('./my-reporter.js');
  });
});

describe('isReporter: the Reporter contract on whatever a module exported', () => {
  const format = (): string => '';
  it.each([
    [{ name: 'csv', fileExtension: '.csv', format }, true],
    [{ name: 'a'.repeat(MAX_REPORTER_NAME_LENGTH), fileExtension: '.csv', format }, true],
    [{ name: 'a'.repeat(MAX_REPORTER_NAME_LENGTH + 1), fileExtension: '.csv', format }, false],
    [{ name: 'csv', fileExtension: `.${'c'.repeat(MAX_REPORTER_EXTENSION_LENGTH)}`, format }, true],
    [{ name: 'csv', fileExtension: `.${'c'.repeat(MAX_REPORTER_EXTENSION_LENGTH + 1)}`, format }, false],
    [{ name: 'csv', fileExtension: '/../x', format }, false],
    [{ name: 'Has Spaces\n', fileExtension: '.csv', format }, false],
    [{ name: 'csv', fileExtension: '.csv', format: 'not a function' }, false],
    [{ name: 'csv', format }, false],
    [null, false],
    ['csv', false],
  ])('%j is a reporter: %s', (value, expected) => {
    expect(isReporter(value)).toBe(expected);
  });
});
