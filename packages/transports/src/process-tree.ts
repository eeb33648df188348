import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * A stdio server runs as the leader of its own process group (spawned `detached`), so everything it
 * starts, grandchildren included, can be ended with one signal to the group. A descendant that
 * calls `setsid()` leaves the group; it is still found through its parent links (/proc) while those
 * lead back to the server. What escapes: a descendant whose chain is already broken when we look,
 * a double fork whose intermediate parent exited, or anything once the server has exited by
 * itself (its orphans are re-parented to init). Nothing short of cgroups catches those.
 */

/** Process groups still alive, killed synchronously if this process exits without closing them. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

export function trackGroup(pgid: number): void {
  liveGroups.add(pgid);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', killTrackedGroups);
}

/**
 * SIGKILLs every tracked server group and every descendant found through parent links,
 * synchronously: for an exit or a fatal signal, when there is no time to ask politely.
 */
export function killTrackedGroups(): void {
  const groups = [...liveGroups];
  // Collected first, while the leaders live: killing one re-parents its setsid descendants.
  const descendants = collectTree(groups, listProcesses() ?? []);
  for (const group of groups) signalGroup(group, 'SIGKILL');
  for (const descendant of descendants) signalProcess(descendant, 'SIGKILL');
  liveGroups.clear();
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
  /** Clock ticks since boot at which it started: with the pid, identifies a process across reuse. */
  readonly startTime: string;
}

function readStat(pid: string): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may contain spaces; fields follow the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid: Number(pid), state: fields[0] ?? '', ppid: Number(fields[1]), pgid: Number(fields[2]), startTime: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

function isLive(stat: ProcStat): boolean {
  return stat.state !== 'Z' && stat.state !== 'X';
}

/**
 * Every live process below the given roots (group leaders, and members of their groups) through
 * parent links, the roots' groups excluded: those are signalled as groups.
 */
function collectTree(groups: readonly number[], all: readonly ProcStat[], known: readonly ProcStat[] = []): ProcStat[] {
  const inGroups = new Set(groups);
  const parents = new Set([...groups, ...all.filter((p) => inGroups.has(p.pgid)).map((p) => p.pid), ...known.map((p) => p.pid)]);
  const found = new Map<number, ProcStat>();
  for (let grew = true; grew;) {
    grew = false;
    for (const candidate of all) {
      if (!isLive(candidate) || inGroups.has(candidate.pgid) || found.has(candidate.pid) || !parents.has(candidate.ppid)) continue;
      found.set(candidate.pid, candidate);
      parents.add(candidate.pid);
      grew = true;
    }
  }
  return [...found.values()];
}

/** Signals one collected process, unless its pid now belongs to another (a later start time). */
function signalProcess(target: ProcStat, signal: NodeJS.Signals): void {
  const now = readStat(String(target.pid));
  if (now === undefined || now.startTime !== target.startTime || !isLive(now)) return;
  try {
    process.kill(target.pid, signal);
  } catch {
    // Gone meanwhile.
  }
}

/**
 * The descendants of a server that left its group (setsid), remembered across the steps of
 * `terminateGroup` so that the server exiting on stdin EOF does not hide them.
 */
class OutsideDescendants {
  readonly #pgid: number;
  #known: ProcStat[] = [];

  constructor(pgid: number) {
    this.#pgid = pgid;
  }

  /** Adds whatever now hangs below the group or below one already known. */
  collect(): void {
    const all = listProcesses();
    if (all === undefined) return;
    const found = collectTree([this.#pgid], all, this.#known);
    const seen = new Set(this.#known.map((p) => p.pid));
    this.#known = [...this.#known.filter((p) => isRunning(p.pid)), ...found.filter((p) => !seen.has(p.pid))];
  }

  running(): ProcStat[] {
    return this.#known.filter((p) => {
      const now = readStat(String(p.pid));
      return now !== undefined && now.startTime === p.startTime && isLive(now);
    });
  }

  signal(signal: NodeJS.Signals): void {
    for (const descendant of this.running()) signalProcess(descendant, signal);
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
  return all.filter((p) => p.pgid === pgid && isLive(p)).map((p) => p.pid);
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
  return isLive(stat);
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
  // Before stdin EOF: a server that exits on it re-parents its setsid helpers out of reach.
  const outside = new OutsideDescendants(pgid);
  outside.collect();
  const remaining = (): number => groupMembers(pgid).length + outside.running().length;
  const gone = (): boolean => hasExited(child) && remaining() === 0;
  if (!hasExited(child)) {
    child.stdin?.end();
    await waitUntil(() => hasExited(child), timings.eofGraceMs);
  }
  outside.collect();
  if (remaining() > 0) {
    signalGroup(pgid, 'SIGTERM');
    outside.signal('SIGTERM');
    await waitUntil(gone, timings.termGraceMs);
  }
  if (remaining() > 0) {
    outside.collect();
    signalGroup(pgid, 'SIGKILL');
    outside.signal('SIGKILL');
    await waitUntil(gone, 2000);
  }
  untrackGroup(pgid);
}
