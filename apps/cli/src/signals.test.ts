import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { CLI, scratchDir, writeManifest } from './test-support/run-cli.js';
import { stdioServerYaml } from './test-support/server-yaml.js';

interface ServerPids {
  readonly server: number;
  readonly helper: number;
}

/** Running, as opposed to gone or a zombie waiting to be reaped. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

function readPids(path: string): ServerPids[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ServerPids);
}

async function until(condition: () => boolean, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

// A case that hangs on a call the server never answers, so the signal lands mid-run. The tool is
// not annotated read-only, so the call needs a sandbox and --allow-mutation.
const HANGING_CASE = `
sandbox: { name: memory }
cases:
  - id: hangs
    dimension: schema-guessability
    tool: never
    arguments: {}
`;

const started: number[] = [];
afterEach(() => {
  // A failing assertion must not leave the stubborn servers behind.
  for (const pid of started.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
});

describe('a fatal signal to the CLI', () => {
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
    ['SIGHUP', 129],
  ] as const) {
    it(`${signal}: ends every server tree (EOF- and SIGTERM-proof, with a setsid helper), then exits ${String(code)}`, async () => {
      const { dir, cleanup } = await scratchDir();
      try {
        const pidFile = join(dir, 'pids.jsonl');
        const manifest = await writeManifest(
          dir,
          `version: 1\n${stdioServerYaml('setsid-helper', 'auto', { STUBBORN: '1', PID_FILE: pidFile })}\n${HANGING_CASE}`,
        );
        const cli = spawn(process.execPath, [CLI, 'run', manifest, '--allow-mutation'], {
          cwd: dir,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CI: 'true' },
          stdio: ['ignore', 'ignore', 'ignore'],
        });
        const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
          cli.once('exit', (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal })),
        );
        expect(await until(() => readPids(pidFile).length > 0, 20_000)).toBe(true);
        // Long enough for the handshake and the hanging call to be under way.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const pids = readPids(pidFile).flatMap((entry) => [entry.server, entry.helper]);
        started.push(...pids);
        expect(pids.every(isRunning)).toBe(true);
        cli.kill(signal);
        expect(await exited).toEqual({ code, signal: null });
        expect(await until(() => !pids.some(isRunning), 3000)).toBe(true);
      } finally {
        await cleanup();
      }
    });
  }
});
