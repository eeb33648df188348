import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import { EXIT } from './cli-error.js';
import { inScratch, runBin, writeManifest } from './test-support/run-cli.js';
import { stdioServerYaml } from './test-support/server-yaml.js';
import { cliVersion } from './version.js';

// Command tests run `main(argv, io)` in-process; these few spawn the built bin for what only a
// real process shows: the exit code it sets, and a stdout that holds nothing but the report.
// (Signals: signals.test.ts; a terminal: progress.test.ts and explain.test.ts.)

const manifest = (maxTools: number): string => `version: 1
${stdioServerYaml('reference')}
cases:
  - { id: catalog-budget, dimension: discovery-cost, max_tools: ${maxTools}, max_schema_bytes: 65536 }
`;

describe('the built bin', () => {
  it('--version: exit 0, one line on stdout, nothing on stderr', async () => {
    const result = await runBin(['--version']);
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toMatch(new RegExp(`^mcp-eval/${cliVersion().replaceAll('.', '\\.')} \\S+ node-v\\S+\\n$`));
    expect(result.stderr).toBe('');
  });

  it.each([
    [40, EXIT.ok, 'pass'],
    [1, EXIT.failed, 'fail'],
  ] as const)(
    'run --reporter json with max_tools %i: exit %i, and stdout is the JSON report and nothing else',
    async (maxTools, code, status) => {
      await inScratch(async (dir) => {
        const result = await runBin(['run', await writeManifest(dir, manifest(maxTools)), '--reporter', 'json'], { cwd: dir });
        expect(result.code).toBe(code);
        const report = JSON.parse(result.stdout) as { cases: { id: string; status: string }[] };
        expect(report.cases).toEqual([expect.objectContaining({ id: 'catalog-budget', status })]);
        expect(result.stderr).toBe('');
      });
    },
  );

  it('the published bin (bin/mcp-eval.cjs) answers --version itself and hands anything else to the bundle', async () => {
    const published = fileURLToPath(new URL('../bin/mcp-eval.cjs', import.meta.url));
    const run = promisify(execFile);
    const version = await run(process.execPath, [published, '--version']);
    expect(version.stdout).toBe((await runBin(['--version'])).stdout);
    expect(version.stderr).toBe('');
    const refused = await run(process.execPath, [published, 'run', 'absent.yaml', '--reporter', 'xml']).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: EXIT.usage,
      stdout: '',
      stderr: expect.stringMatching(/^mcp-eval: unknown reporter `xml`/) as unknown,
    });
  });

  it('an invalid invocation: exit 2, the reason on stderr, stdout empty', async () => {
    const result = await runBin(['run', 'absent.yaml', '--reporter', 'xml']);
    expect(result.code).toBe(EXIT.usage);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^mcp-eval: unknown reporter `xml`/);
  });

  it('a server that cannot be started: exit 4', async () => {
    const result = await runBin(['conformance', '--stdio', 'mcp-eval-no-such-command-7d1e', '--reporter', 'json']);
    expect(result.code).toBe(EXIT.unevaluated);
    expect((JSON.parse(result.stdout) as { invocationErrors: unknown[] }).invocationErrors).toEqual([{ label: 'connect-spawn-failed' }]);
  });
});
