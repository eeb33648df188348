import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { CANARY } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { runCli, scratchDir, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';

const PASSING = `
cases:
  - id: catalog-budget
    dimension: discovery-cost
    max_tools: 40
    max_schema_bytes: 65536
  - id: echo-guessable
    dimension: schema-guessability
    tool: echo
    arguments: { message: hello }
`;

const FAILING = `
cases:
  - id: catalog-budget
    dimension: discovery-cost
    max_tools: 1
    max_schema_bytes: 65536
`;

/** Runs a manifest writing json, junit and sarif files; returns the directory and the files' text. */
async function savedRun(
  dir: string,
  fixture: 'reference' | 'flawed-dimensions',
  cases: string,
): Promise<{ code: number | null; files: Record<string, string> }> {
  await writeManifest(dir, `version: 1\n${stdioServerYaml(fixture)}\n${cases}`);
  const result = await runCli(
    ['run', '--reporter', 'pretty', '--reporter', 'json=run.json', '--reporter', 'junit=run.xml', '--reporter', 'sarif=run.sarif'],
    { cwd: dir },
  );
  const files: Record<string, string> = { pretty: result.stdout };
  for (const [name, file] of [
    ['json', 'run.json'],
    ['junit', 'run.xml'],
    ['sarif', 'run.sarif'],
  ] as const)
    files[name] = await readFile(join(dir, file), 'utf8');
  return { code: result.code, files };
}

describe('mcp-eval report', () => {
  it('re-renders a saved report exactly as the run rendered it, in every format, exit 0 for a passing run', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const run = await savedRun(dir, 'reference', PASSING);
      expect(run.code).toBe(0);
      const result = await runCli(
        [
          'report',
          'run.json',
          '--reporter',
          'pretty',
          '--reporter',
          'junit=again.xml',
          '--reporter',
          'sarif=again.sarif',
          '--reporter',
          'json=again.json',
        ],
        { cwd: dir },
      );
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(run.files.pretty);
      expect(await readFile(join(dir, 'again.xml'), 'utf8')).toBe(run.files.junit);
      expect(await readFile(join(dir, 'again.sarif'), 'utf8')).toBe(run.files.sarif);
      expect(await readFile(join(dir, 'again.json'), 'utf8')).toBe(run.files.json);
    } finally {
      await cleanup();
    }
  });

  it('exits 1 for a saved run that failed, and honours --output-dir', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      const run = await savedRun(dir, 'flawed-dimensions', FAILING);
      expect(run.code).toBe(1);
      const result = await runCli(['report', 'run.json', '--reporter', 'sarif', '--output-dir', 'out'], { cwd: dir });
      expect(result.code).toBe(1);
      expect(await readFile(join(dir, 'out', 'mcp-eval.sarif'), 'utf8')).toBe(run.files.sarif);
    } finally {
      await cleanup();
    }
  });

  it('pretty by default, plain without a terminal', async () => {
    const { dir, cleanup } = await scratchDir();
    try {
      await savedRun(dir, 'flawed-dimensions', FAILING);
      const result = await runCli(['report', 'run.json'], { cwd: dir });
      expect(result.stdout).toMatch(/^FAIL +catalog-budget +discovery-cost +too-many-tools/m);
      expect(result.stdout).not.toContain('\u001b[');
    } finally {
      await cleanup();
    }
  });

  it.each([
    ['not JSON', `{ "reportVersion": 1, "${CANARY}": `, /run\.json is not an MCP Eval JSON report:\n {2}not valid JSON/],
    [
      'not a report',
      JSON.stringify({ reportVersion: 1, [`${CANARY} key`]: CANARY }),
      /run\.json is not an MCP Eval JSON report:\n {2}\/ must have required property/,
    ],
    ['a report of another version', JSON.stringify({ reportVersion: 2 }), /reportVersion/],
  ])('refuses %s: exit 2, without quoting the file', async (_name, text, message) => {
    const { dir, cleanup } = await scratchDir();
    try {
      await writeFile(join(dir, 'run.json'), text);
      const result = await runCli(['report', 'run.json'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toContain(CANARY);
      expect(result.stderr).not.toMatch(/\bat .*\.js:\d+/);
    } finally {
      await cleanup();
    }
  });

  it.each([
    [['report'], /missing required args/],
    [['report', 'nowhere.json'], /nowhere\.json: cannot read the report \(ENOENT\)/],
    [['report', 'x.json', '--reporter', 'xml'], /unknown reporter `xml`/],
  ])('invalid invocation %j: exit 2', async (args, message) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});
