import type { CaseRecord } from '@mcp-eval/core';

import type { Io } from '../io.js';

export interface Progress {
  readonly onCaseStart: (id: string) => void;
  readonly onCaseEnd: (record: CaseRecord) => void;
  /** Clears the progress line before the summary is printed. */
  done(): void;
}

/** A run quicker than this draws nothing: a line that flashes and vanishes only adds noise. */
export const PROGRESS_DELAY_MS = 2_000;
/** How often the line is redrawn while nothing finishes, so elapsed time keeps moving. */
const REDRAW_MS = 1_000;

const SILENT: Progress = { onCaseStart: () => undefined, onCaseEnd: () => undefined, done: () => undefined };

/**
 * A single self-rewriting status line on stderr, only on a terminal and only once a run has taken
 * longer than `PROGRESS_DELAY_MS`: CI logs and pipes stay plain. It shows counts, elapsed seconds and
 * case ids (the manifest's own text), never anything from the server.
 */
export function createProgress(io: Io, total: number, now: () => number = () => performance.now()): Progress {
  if (!io.stderr.isTTY || io.env.CI) return SILENT;
  const started = now();
  let finished = 0;
  let failed = 0;
  let drawn = false;
  const running = new Set<string>();
  const draw = (): void => {
    const elapsed = now() - started;
    if (elapsed < PROGRESS_DELAY_MS) return;
    drawn = true;
    const current = [...running].slice(0, 3).join(', ');
    const notPassing = failed > 0 ? `, ${failed} not passing` : '';
    io.stderr.write(
      `\r\x1b[2K${finished}/${total} cases done${notPassing}, ${Math.floor(elapsed / 1000)} s${current ? ` · ${current}` : ''}`,
    );
  };
  const timer = setInterval(draw, REDRAW_MS);
  timer.unref();
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
      clearInterval(timer);
      if (drawn) io.stderr.write('\r\x1b[2K');
    },
  };
}
