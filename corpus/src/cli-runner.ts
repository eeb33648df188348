import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Started } from './servers.js';

/** The built CLI: the corpus runs what users run. */
export const CLI = fileURLToPath(new URL('../../apps/cli/dist/cli.js', import.meta.url));

export type CorpusCommand = 'scan' | 'conformance' | 'lint' | 'init' | 'run';

/** One report's cases as the CLI wrote them (JSON reporter). */
export interface ReportCase {
  readonly id: string;
  readonly check: string;
  readonly tool?: string;
  readonly era?: string;
  readonly status: string;
  readonly label?: string;
  readonly measurements?: Readonly<Record<string, number>>;
  readonly findings?: readonly { readonly label: string; readonly tool?: string; readonly severity?: string }[];
}

const COMMAND_TIMEOUT_MS = 300_000;
/**
 * The CLI's per-request limit: 30 s rather than the default 10 s, because a loaded 2-core CI machine
 * can take more than 10 s to start a server (the default made `connect-failed` out of load).
 */
const REQUEST_TIMEOUT = ['--timeout', '30000'];

/** `--stdio "<line>"` plus one `--env` per variable, or `--url`. */
export function targetArgs(target: Started): string[] {
  if (target.transport === 'http') return ['--url', target.url];
  const line = [target.stdio.command, ...target.stdio.args].map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : `'${part}'`)).join(' ');
  return ['--stdio', line, ...Object.entries(target.stdio.env).flatMap(([name, value]) => ['--env', `${name}=${value}`])];
}

// `run` reads the server's environment from its own (init writes only `${env:NAME}` references).
function cli(args: readonly string[], cwd: string, env: Readonly<Record<string, string>>): Promise<number> {
  return new Promise((resolve) => {
    const options = { cwd, env: { ...process.env, ...env }, timeout: COMMAND_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 };
    execFile(process.execPath, [CLI, ...args], options, (error) => {
      resolve(error === null ? 0 : typeof error.code === 'number' ? error.code : -1);
    });
  });
}

/** Runs one command against `target` and returns its report's cases; init is followed by run of the manifest it wrote. */
export async function runCommand(
  command: CorpusCommand,
  target: Started,
  dir: string,
  extra: readonly string[] = [],
): Promise<readonly ReportCase[]> {
  const env = target.transport === 'stdio' ? target.stdio.env : {};
  const report = join(dir, `${command}.json`);
  if (command === 'init' || command === 'run') {
    const manifest = join(dir, 'mcp-eval.yaml');
    if (command === 'init') {
      const code = await cli(['init', ...targetArgs(target), ...REQUEST_TIMEOUT, '--out', manifest, '--force', ...extra], dir, env);
      return [{ id: 'init', check: 'init', status: code === 0 ? 'pass' : 'error', measurements: { exitCode: code } }];
    }
    await cli(['run', manifest, '--reporter', `json=${report}`, '--quiet', ...extra], dir, env);
  } else {
    await cli([command, ...targetArgs(target), ...REQUEST_TIMEOUT, '--reporter', `json=${report}`, '--quiet', ...extra], dir, env);
  }
  try {
    return (JSON.parse(readFileSync(report, 'utf8')) as { cases: ReportCase[] }).cases;
  } catch {
    return [{ id: 'report', check: 'report', status: 'error', label: 'no-report' }];
  }
}
