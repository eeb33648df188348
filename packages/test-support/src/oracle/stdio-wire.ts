import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

import { answerOf, type Wire, type WireAnswer } from './wire.js';

export interface StdioLaunch {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

/**
 * Newline-delimited JSON-RPC over a child's stdin/stdout. The child leads its own process group
 * so `close()` can end everything it started (npx wrappers, browsers, helpers) with one signal.
 */
export function openStdioWire(launch: StdioLaunch): Wire {
  const child = spawn(launch.command, [...launch.args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...launch.env },
    cwd: launch.cwd,
    stdio: ['pipe', 'pipe', 'ignore'],
    detached: true,
  });
  const waiting = new Map<number, (answer: WireAnswer) => void>();
  let nextId = 1;
  let closed = false;
  const endAll = (): void => {
    closed = true;
    for (const settle of waiting.values()) settle({ kind: 'failed', reason: 'closed' });
    waiting.clear();
  };
  child.once('exit', endAll);
  child.once('error', endAll);
  child.stdin.on('error', endAll);
  createInterface({ input: child.stdout }).on('line', (line) => {
    let frame: unknown;
    try {
      frame = JSON.parse(line);
    } catch {
      return; // stray stdout text is the framing checks' business, not the oracle's
    }
    const response = answerOf(frame);
    if (response === undefined || typeof response.id !== 'number') return;
    waiting.get(response.id)?.(response.answer);
    waiting.delete(response.id);
  });
  const write = (message: Record<string, unknown>): void => {
    if (!closed) child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  };
  return {
    request: (method, params, timeoutMs) =>
      new Promise<WireAnswer>((resolve) => {
        if (closed) return resolve({ kind: 'failed', reason: 'closed' });
        const id = nextId++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve({ kind: 'failed', reason: 'timeout' });
        }, timeoutMs);
        waiting.set(id, (answer) => {
          clearTimeout(timer);
          resolve(answer);
        });
        write({ id, method, ...(params === undefined ? {} : { params }) });
      }),
    notify: (method, params) => {
      write({ method, ...(params === undefined ? {} : { params }) });
      return Promise.resolve();
    },
    close: () =>
      new Promise<void>((done) => {
        endAll();
        if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return done();
        child.once('exit', () => done());
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }),
  };
}
