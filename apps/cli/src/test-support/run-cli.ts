import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

import { main } from '../main.js';

/** The built bin, for what only a real process shows: its exit code, signals, a clean stdout, a TTY. */
export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  readonly cwd?: string;
  /** Added to the minimal environment every run gets (PATH, HOME, CI=true). */
  readonly env?: Record<string, string>;
}

/** What a run sees of the environment: as little as a CI job, so nothing of the test's own leaks in. */
function cliEnv(options: CliOptions): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CI: 'true', ...options.env };
}

/** A stream that keeps what is written to it, as text. */
function capture(): { readonly stream: Writable; text(): string } {
  const chunks: string[] = [];
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      chunks.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/**
 * Runs `mcp-eval ...args` in this process: `main(argv, io)` on the TypeScript source, with captured
 * streams, the given cwd and a minimal env passed through `io` (no build needed, and a debugger
 * can step into it). Stdio servers still inherit this process's allowlisted variables (PATH, HOME,
 * …; see the transports' childEnv): a test of what a server's environment holds uses `runBin`.
 */
export async function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  const stdout = capture();
  const stderr = capture();
  const code = await main(args, { stdout: stdout.stream, stderr: stderr.stream, env: cliEnv(options), cwd: options.cwd ?? process.cwd() });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** Spawns the built bin, `node dist/cli.js ...args`, and collects its output; never uses a shell. */
export function runBin(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? process.cwd(),
      env: cliEnv(options),
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

/** Runs `body` in a fresh scratch directory, removed afterwards whatever happens. */
export async function inScratch<T>(body: (dir: string) => Promise<T>): Promise<T> {
  const { dir, cleanup } = await scratchDir();
  try {
    return await body(dir);
  } finally {
    await cleanup();
  }
}

/** Writes a manifest (YAML text) into `dir` and returns its path. */
export async function writeManifest(dir: string, yaml: string, name = 'mcp-eval.yaml'): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, yaml, 'utf8');
  return path;
}
