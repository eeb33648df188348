import type { CaseRecord } from '@mcp-eval/core';

import type { Io } from '../io.js';

export interface Progress {
  readonly onCaseStart: (id: string) => void;
  readonly onCaseEnd: (record: CaseRecord) => void;
  /** Clears the progress line before the summary is printed. */
  done(): void;
}

/**
 * A single self-rewriting status line on stderr, only on a terminal: CI logs stay plain. It shows
 * counts and case ids (the manifest's own text), never anything from the server.
 */
export function createProgress(io: Io, total: number): Progress {
  if (!io.stderr.isTTY || io.env.CI) return { onCaseStart: () => undefined, onCaseEnd: () => undefined, done: () => undefined };
  let finished = 0;
  let failed = 0;
  const running = new Set<string>();
  const draw = (): void => {
    const current = [...running].slice(0, 3).join(', ');
    io.stderr.write(`\r\x1b[2K${finished}/${total} cases done${failed > 0 ? `, ${failed} not passing` : ''}${current ? ` · ${current}` : ''}`);
  };
  return {
    onCaseStart(id) {
      running.add(id);
      draw();
    },
    onCaseEnd(record) {
      running.delete(record.id);
      finished += 1;
      if (record.status === 'fail' || record.status === 'error') failed += 1;
      draw();
    },
    done() {
      io.stderr.write('\r\x1b[2K');
    },
  };
}
