import type { CaseRecord } from '@mcp-eval/core';

import type { Io } from '../io.js';
import type { Progress } from '../output/progress.js';
import { createProgress } from '../output/progress.js';

export interface DeferredProgress extends Pick<Progress, 'onCaseStart' | 'onCaseEnd' | 'done'> {
  /** The total is known: draw from here on, counting what already happened. */
  start(total: number): void;
}

/**
 * The progress line for work that starts before its size is known (a scan starts conformance while
 * it still reads the catalog that decides how many cases it times). Events wait until `start`.
 */
export function deferredProgress(io: Io): DeferredProgress {
  let progress: Progress | undefined;
  const waiting: ((p: Progress) => void)[] = [];
  const send = (event: (p: Progress) => void): void => {
    if (progress === undefined) waiting.push(event);
    else event(progress);
  };
  return {
    onCaseStart: (id: string) => send((p) => p.onCaseStart(id)),
    onCaseEnd: (record: CaseRecord) => send((p) => p.onCaseEnd(record)),
    start(total) {
      const started = createProgress(io, total);
      progress = started;
      for (const event of waiting.splice(0)) event(started);
    },
    done: () => progress?.done(),
  };
}
