import { readdirSync, readFileSync } from 'node:fs';

/** Pids (from /proc) whose parent is `pid` and that are still running (zombies excluded). */
export function runningChildren(pid: number = process.pid): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const text = readFileSync(`/proc/${name}/stat`, 'utf8');
        const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
        return Number(fields[1]) === pid && fields[0] !== 'Z' ? [Number(name)] : [];
      } catch {
        return [];
      }
    });
}

/** How long `orphanedChildren` waits for children to go: closing a process is asynchronous. */
export const ORPHAN_SETTLE_MS = 3_000;

/**
 * This process's children still running, other than those in `before` (taken before the test, so
 * a test runner's own helpers do not count), after waiting up to ORPHAN_SETTLE_MS for them to exit.
 */
export async function orphanedChildren(before: readonly number[]): Promise<number[]> {
  const fresh = (): number[] => runningChildren().filter((pid) => !before.includes(pid));
  const deadline = Date.now() + ORPHAN_SETTLE_MS;
  while (fresh().length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  return fresh();
}
