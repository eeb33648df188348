import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

import { CLI } from './run-cli.js';

/** `kB` of a `/proc/<pid>/status` line (VmHWM: the peak resident set so far); 0 once the process is gone. */
function statusKb(pid: number, field: string): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return line === undefined ? 0 : Number.parseInt(line.slice(field.length + 1), 10);
  } catch {
    return 0;
  }
}

/**
 * Runs the built bin and samples its peak resident set (VmHWM, from /proc) every 20 ms until it
 * exits: what a hostile server or endpoint made the CLI hold, measured from outside the process.
 */
export function runSampled(
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): Promise<{ code: number | null; peakKb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: 'ignore',
    });
    let peakKb = 0;
    const timer = setInterval(() => {
      if (child.pid !== undefined) peakKb = Math.max(peakKb, statusKb(child.pid, 'VmHWM'));
    }, 20);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      resolve({ code, peakKb });
    });
  });
}
