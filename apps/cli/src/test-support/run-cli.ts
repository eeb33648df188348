import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built CLI: tests exercise exactly what users run. */
export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Spawns `node dist/cli.js ...args` and collects its output; never uses a shell. */
export function runCli(args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? process.cwd(),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CI: 'true', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A scratch directory removed by the returned cleanup. */
export async function scratchDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-eval-cli-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Writes a manifest (YAML text) into `dir` and returns its path. */
export async function writeManifest(dir: string, yaml: string, name = 'mcp-eval.yaml'): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, yaml, 'utf8');
  return path;
}
