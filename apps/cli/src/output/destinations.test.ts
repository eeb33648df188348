import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { CANARY } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { inScratch, runCli, writeManifest } from '../test-support/run-cli.js';
import { stdioServerYaml } from '../test-support/server-yaml.js';

const PASSING = `cases:
  - { id: catalog-budget, dimension: discovery-cost, max_tools: 40, max_schema_bytes: 65536 }
`;

describe('reporter destinations are checked before anything connects', () => {
  it.each([
    ['a file that refuses writes', ['--reporter', 'json=/proc/version'], 'reporter json cannot write /proc/version (EIO); nothing was run'],
    ['a directory', ['--reporter', 'sarif=reports'], 'cannot write '],
    [
      'an --output-dir under a file',
      ['--reporter', 'junit', '--output-dir', '/dev/null/x'],
      'reporter junit cannot write /dev/null/x/mcp-eval.xml (ENOTDIR); nothing was run',
    ],
    ['two reporters on one file', ['--reporter', 'json=r.out', '--reporter', 'sarif=r.out'], 'reporters json and sarif would both write'],
  ])('run: %s is exit 2, naming the reporter and the path, before the server starts', async (_name, flags, message) => {
    await inScratch(async (dir) => {
      await mkdir(join(dir, 'reports'));
      // A server that cannot start: had anything connected, this would be exit 4.
      await writeManifest(dir, `version: 1\nserver:\n  stdio: { command: /nonexistent/server }\n${PASSING}`);
      const result = await runCli(['run', ...flags], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(message);
      expect(result.stderr).not.toMatch(/\bat .*\.js:\d+/);
      if (_name === 'a directory') expect(result.stderr).toContain(`reporter sarif cannot write ${join(dir, 'reports')} (EISDIR)`);
    });
  });

  it('conformance, lint and report check their destinations too', async () => {
    await inScratch(async (dir) => {
      await writeFile(
        join(dir, 'tools.json'),
        JSON.stringify([{ name: 'echo', description: 'Echoes its text back.', inputSchema: { type: 'object', properties: {} } }]),
      );
      const lint = await runCli(['lint', '--catalog', 'tools.json', '--reporter', 'json=/proc/version'], { cwd: dir });
      expect(lint.code).toBe(2);
      expect(lint.stderr).toContain('reporter json cannot write /proc/version (EIO)');
      const conformance = await runCli(
        ['conformance', '--stdio', '/nonexistent/server', '--output-dir', '/dev/null/x', '--reporter', 'sarif'],
        { cwd: dir },
      );
      expect(conformance.code).toBe(2);
      expect(conformance.stderr).toContain('reporter sarif cannot write /dev/null/x/mcp-eval.sarif (ENOTDIR)');
      await runCli(['lint', '--catalog', 'tools.json', '--reporter', 'json=saved.json'], { cwd: dir });
      const report = await runCli(['report', 'saved.json', '--reporter', 'junit=/proc/version'], { cwd: dir });
      expect(report.code).toBe(2);
      expect(report.stderr).toContain('reporter junit cannot write /proc/version (EIO)');
    });
  });

  it('creates missing parent folders, and leaves no probe file behind when the run cannot write', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, `version: 1\n${stdioServerYaml('reference')}\n${PASSING}`);
      const result = await runCli(['run', '--reporter', 'json=deep/er/run.json', '--quiet'], { cwd: dir });
      expect(result.code).toBe(0);
      expect(JSON.parse(await readFile(join(dir, 'deep', 'er', 'run.json'), 'utf8'))).toMatchObject({ command: 'run' });
      const refused = await runCli(['run', '--reporter', 'json=new/one.json', '--reporter', 'sarif=/proc/version'], { cwd: dir });
      expect(refused.code).toBe(2);
      await expect(stat(join(dir, 'new', 'one.json'))).rejects.toMatchObject({ code: 'ENOENT' });
    });
  });

  it('a write that still fails after the run: the other reports are written, the failure named, a passing run exits 1', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, `version: 1\n${stdioServerYaml('reference')}\n${PASSING}`);
      // Both pass the check one by one, but sarif's folder is json's file: json's write fails.
      const result = await runCli(
        ['run', '--reporter', 'json=out/r', '--reporter', 'sarif=out/r/run.sarif', '--reporter', 'junit=out/run.xml'],
        { cwd: dir },
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`mcp-eval: the json report could not be written to ${join(dir, 'out', 'r')} (EISDIR)\n`);
      const sarif = await readFile(join(dir, 'out', 'r', 'run.sarif'), 'utf8');
      const junit = await readFile(join(dir, 'out', 'run.xml'), 'utf8');
      expect(sarif).toContain('"version": "2.1.0"');
      expect(junit).toContain('<testsuites');
      expect(result.stdout).toMatch(/^PASS +catalog-budget/m);
      for (const text of [result.stdout, result.stderr, sarif, junit]) expect(text).not.toContain(CANARY);
      expect(result.stderr).not.toMatch(/\bat .*\.js:\d+/);
    });
  });
});
