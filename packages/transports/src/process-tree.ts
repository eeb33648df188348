import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * A stdio server runs as the leader of its own process group (spawned `detached`), so everything it
 * starts, grandchildren included, can be ended with one signal to the group. `setsid()` by a
 * grandchild escapes this; nothing short of cgroups catches that.
 */

/** Process groups still alive, killed synchronously if this process exits without closing them. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

export function trackGroup(pgid: number): void {
  liveGroups.add(pgid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const group of liveGroups) signalGroup(group, 'SIGKILL');
  });
}

export function untrackGroup(pgid: number): void {
  liveGroups.delete(pgid);
}

/** Sends `signal` to every process in the group; false when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

interface ProcStat {
  readonly pid: number;
  readonly ppid: number;
  readonly pgid: number;
  readonly state: string;
}

function readStat(pid: string): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may contain spaces; fields follow the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid: Number(pid), state: fields[0] ?? '', ppid: Number(fields[1]), pgid: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

/** Linux: every live process's stat line; elsewhere undefined. */
function listProcesses(): ProcStat[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  return entries.filter((name) => /^\d+$/.test(name)).flatMap((pid) => readStat(pid) ?? []);
}

/**
 * Pids in the group that are still running. Zombies (exited, waiting to be reaped by whoever
 * adopted them) do not count: they hold no resources. Without /proc, a signal-0 probe decides.
 */
export function groupMembers(pgid: number): number[] {
  const all = listProcesses();
  if (all === undefined) return signalGroup(pgid, 0) ? [pgid] : [];
  return all.filter((p) => p.pgid === pgid && p.state !== 'Z' && p.state !== 'X').map((p) => p.pid);
}

/** True while `pid` is a running (non-zombie) process. */
export function isRunning(pid: number): boolean {
  const stat = readStat(String(pid));
  if (stat === undefined) {
    if (listProcesses() !== undefined) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
  return stat.state !== 'Z' && stat.state !== 'X';
}

// A ref'd timer on purpose: an unref'd one lets Node exit mid-close (exit code 13, an unsettled
// await) when the dying server was the last thing keeping the event loop alive. The wait is bounded.
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitUntil(condition: () => boolean, limitMs: number): Promise<boolean> {
  const deadline = performance.now() + limitMs;
  while (!condition()) {
    if (performance.now() >= deadline) return false;
    await delay(25);
  }
  return true;
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

export interface TerminateTimings {
  /** After closing stdin, how long a well-behaved server gets to exit on its own. */
  readonly eofGraceMs: number;
  /** After SIGTERM, how long the group gets before SIGKILL. */
  readonly termGraceMs: number;
}

export const DEFAULT_TERMINATE_TIMINGS: TerminateTimings = { eofGraceMs: 200, termGraceMs: 1000 };

/**
 * Ends the server and its whole group: stdin EOF (the stdio shutdown the spec describes), then
 * SIGTERM to the group, then SIGKILL to whatever is left. Resolves once the leader has exited and
 * the group has no running member, or after a bounded wait if the OS is slow to deliver.
 */
export async function terminateGroup(child: ChildProcess, timings: TerminateTimings = DEFAULT_TERMINATE_TIMINGS): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined) return;
  if (!hasExited(child)) {
    child.stdin?.end();
    await waitUntil(() => hasExited(child), timings.eofGraceMs);
  }
  if (groupMembers(pgid).length > 0) {
    signalGroup(pgid, 'SIGTERM');
    await waitUntil(() => hasExited(child) && groupMembers(pgid).length === 0, timings.termGraceMs);
  }
  if (groupMembers(pgid).length > 0) {
    signalGroup(pgid, 'SIGKILL');
    await waitUntil(() => hasExited(child) && groupMembers(pgid).length === 0, 2000);
  }
  untrackGroup(pgid);
}
