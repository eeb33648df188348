import { runningChildren } from '@mcp-eval/test-support';

import { groupMembers, isRunning } from '../process-tree.js';

/** Pids whose parent is `pid` and that are still running (one reading of /proc for every package's tests). */
export const runningChildrenOf = (pid: number): number[] => runningChildren(pid);

async function settle(condition: () => boolean, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

/**
 * What a fixture left behind: running members of its process group, running given pids, and running
 * children of this test process. Waits briefly first: signals are asynchronous.
 */
export async function leftovers(pgid: number | undefined, extraPids: readonly number[] = []): Promise<number[]> {
  const find = (): number[] => [
    ...(pgid === undefined ? [] : groupMembers(pgid)),
    ...extraPids.filter((pid) => isRunning(pid)),
    ...runningChildrenOf(process.pid),
  ];
  await settle(() => find().length === 0, 3000);
  return [...new Set(find())];
}
