import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { inScratch, runCli, writeManifest } from '../test-support/run-cli.js';
import { httpServerYaml } from '../test-support/server-yaml.js';

interface Report {
  readonly cases: readonly { status: string; label?: string }[];
  readonly invocationErrors?: readonly { label: string }[];
}

/** A loopback port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const CASES = `cases:
  - { id: catalog-budget, dimension: discovery-cost, max_tools: 40, max_schema_bytes: 65536 }
  - { id: echo-guessable, dimension: schema-guessability, tool: echo, arguments: { message: hi } }
`;

const TYPO = 'mcp-servr-everythng-typo';

function everyCaseConnectFailed(report: Report): void {
  expect(report.cases.length).toBeGreaterThan(0);
  expect(new Set(report.cases.map((c) => `${c.status}:${c.label ?? ''}`))).toEqual(new Set(['error:connect-failed']));
}

describe('exit 4: nothing could be evaluated', () => {
  it('run: a mistyped server command is exit 4, every case connect-failed, and the summary still prints', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, `version: 1\nserver:\n  stdio: { command: ${TYPO} }\n${CASES}`);
      const result = await runCli(['run', '--reporter', 'json=run.json'], { cwd: dir });
      expect(result.code).toBe(4);
      const report = JSON.parse(await readFile(join(dir, 'run.json'), 'utf8')) as Report;
      everyCaseConnectFailed(report);
      expect(report.invocationErrors).toEqual([{ label: 'connect-spawn-failed' }]);
      // One line for the server's condition, not a row per case it left unevaluated.
      expect(result.stdout).toMatch(/^server unreachable: the server command could not be started; 2 cases not evaluated$/m);
      expect(result.stdout).not.toContain('evaluator error');
    });
  });

  it('run: an unreachable URL (127.0.0.1, a closed port) is exit 4', async () => {
    await inScratch(async (dir) => {
      await writeManifest(dir, `version: 1\n${httpServerYaml(`http://127.0.0.1:${await closedPort()}/mcp`)}\n${CASES}`);
      const result = await runCli(['run', '--reporter', 'json'], { cwd: dir });
      expect(result.code).toBe(4);
      const report = JSON.parse(result.stdout) as Report;
      everyCaseConnectFailed(report);
      expect(report.invocationErrors?.[0]?.label).toMatch(/^connect-/);
    });
  });

  it('conformance: a mistyped server command is exit 4', async () => {
    const result = await runCli(['conformance', '--stdio', `${TYPO} --port 1`, '--reporter', 'json']);
    expect(result.code).toBe(4);
    const report = JSON.parse(result.stdout) as Report;
    everyCaseConnectFailed(report);
    expect(report.invocationErrors).toEqual([{ label: 'connect-spawn-failed' }]);
  });

  it('lint: an unreachable URL is exit 4, no cases, and `report` re-renders it with the same 4', async () => {
    await inScratch(async (dir) => {
      const result = await runCli(['lint', '--url', `http://127.0.0.1:${await closedPort()}/mcp`, '--reporter', 'json=lint.json'], {
        cwd: dir,
      });
      expect(result.code).toBe(4);
      const report = JSON.parse(await readFile(join(dir, 'lint.json'), 'utf8')) as Report;
      expect(report.cases).toEqual([]);
      expect(report.invocationErrors?.[0]?.label).toMatch(/^connect-/);
      const again = await runCli(['report', 'lint.json', '--quiet'], { cwd: dir });
      expect(again).toMatchObject({ code: 4, stdout: '' });
    });
  });
});
