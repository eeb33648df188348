import { Worker } from 'node:worker_threads';

/**
 * Regular expressions from a manifest (`match: pattern`) or a server's input schema (`pattern`)
 * are someone else's, and V8's backtracking engine takes exponential or high-polynomial time on
 * some of them (`(a+)+$`; even `a*a*a*b` takes 80 s on 1,024 characters). No static screen
 * catches every such pattern, so each test runs on a worker thread under a time limit, and the
 * input is bounded in length first.
 */

/** Longest input tested; a longer value is not tested at all (`too-long`). */
export const MAX_PATTERN_INPUT_CHARS = 4096;
/** Longest pattern source compiled; a longer one is `invalid`. */
export const MAX_PATTERN_SOURCE_CHARS = 1024;
/** Wall time one test may take before the worker is ended and the result is `timeout`. */
export const PATTERN_TIME_LIMIT_MS = 250;
/** Wall time a fresh worker may take to start (the first test after a timeout pays it). */
const WORKER_START_LIMIT_MS = 5000;

export type PatternResult = 'match' | 'no-match' | 'invalid' | 'too-long' | 'timeout';

const CODES: Readonly<Record<number, PatternResult>> = { 1: 'match', 2: 'no-match', 3: 'invalid' };

// CommonJS, run with `eval: true`: tests one pattern per message and answers through shared memory.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const flag = new Int32Array(workerData);
Atomics.store(flag, 1, 1);
Atomics.notify(flag, 1);
parentPort.on('message', ({ source, flags, input }) => {
  let code = 3;
  try { code = new RegExp(source, flags).test(input) ? 1 : 2; } catch { code = 3; }
  Atomics.store(flag, 0, code);
  Atomics.notify(flag, 0);
});
`;

interface RegexWorker {
  readonly worker: Worker;
  /** [0]: the last answer (0 = pending); [1]: 1 once the worker listens. */
  readonly flag: Int32Array;
}

let current: RegexWorker | undefined;

function startWorker(): RegexWorker | undefined {
  const flag = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: flag.buffer });
  // A worker never keeps the evaluator alive, and its failures are ours to report, not print.
  worker.unref();
  worker.on('error', () => undefined);
  if (Atomics.wait(flag, 1, 0, WORKER_START_LIMIT_MS) === 'timed-out' && Atomics.load(flag, 1) !== 1) {
    void worker.terminate();
    return undefined;
  }
  return { worker, flag };
}

/** Tests `input` against `source` (with `flags`) within `PATTERN_TIME_LIMIT_MS`. Synchronous. */
export function testPattern(source: string, input: string, flags = ''): PatternResult {
  if (source.length > MAX_PATTERN_SOURCE_CHARS) return 'invalid';
  if (input.length > MAX_PATTERN_INPUT_CHARS) return 'too-long';
  current ??= startWorker();
  const running = current;
  if (running === undefined) return 'timeout';
  Atomics.store(running.flag, 0, 0);
  running.worker.postMessage({ source, flags, input });
  const waited = Atomics.wait(running.flag, 0, 0, PATTERN_TIME_LIMIT_MS);
  const code = Atomics.load(running.flag, 0);
  if (waited === 'timed-out' && code === 0) {
    // The worker is stuck backtracking: end it; the next test starts a fresh one.
    void running.worker.terminate();
    current = undefined;
    return 'timeout';
  }
  return CODES[code] ?? 'invalid';
}
