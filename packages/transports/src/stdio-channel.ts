import { spawn, type ChildProcess } from 'node:child_process';

import {
  ConnectError,
  type ConnectionDiagnostics,
  type ServerExit,
  type Exchange,
  type FailureKind,
  type JsonValue,
  type TransportTraits,
  type WireLog,
} from '@mcp-eval/protocol';

import type { Channel, ChannelProcess, Outbound, ServerRequest } from './channel.js';
import { childEnv } from './child-env.js';
import { buildExchange, elapsedSince, failure } from './exchange.js';
import type { FloodLimits } from './flood-limits.js';
import { LineInbox } from './line-inbox.js';
import { terminateGroup, trackGroup } from './process-tree.js';
import type { StdioTarget } from './target.js';
import { WireRecorder, type WireLogLimits } from './wire-recorder.js';

export interface StdioLimits extends Pick<FloodLimits, 'maxPendingReplies' | 'maxStdinBacklogBytes'>, WireLogLimits {
  readonly maxResponseBytes: number;
  readonly stderrCapBytes: number;
}

/** A reply or notification waiting for the server's stdin to drain. */
interface QueuedWrite {
  readonly line: string;
  readonly value: JsonValue | undefined;
  readonly done: (written: boolean) => void;
}

/** One stream to a server process of our own: no headers, cancellation by notification. */
export const STDIO_TRAITS: TransportTraits = { httpHeaders: false, cancelByClosingStream: false, headerSessions: false, ownsServer: true };

/** After the process exits, how long to wait for the rest of its stdout before settling requests. */
const DRAIN_AFTER_EXIT_MS = 300;

/**
 * A spawned stdio server: newline-framed JSON-RPC on stdin/stdout, every stdout line inspected
 * (non-JSON lines are counted, never fatal), stderr kept up to a cap, and the whole process group
 * ended on close, or when the server exits by itself.
 */
export class StdioChannel implements Channel, ChannelProcess {
  readonly transport = 'stdio';
  readonly traits = STDIO_TRAITS;
  /** `performance.now()` when the process was started: cold start is measured from here. */
  readonly spawnedAt: number;

  readonly #child: ChildProcess;
  readonly #limits: StdioLimits;
  readonly #inbox: LineInbox;
  readonly #wire: WireRecorder;
  readonly #stderr: Buffer[] = [];
  #stderrKept = 0;
  #stderrBytes = 0;
  #stdoutEnded = false;
  #exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** How the server ended by itself, before MCP Eval closed it (its own exit, not our signal). */
  #ownExit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  #endKind: FailureKind | undefined;
  #closing = false;
  #cleanup: Promise<void> | undefined;
  readonly #queued: QueuedWrite[] = [];
  #awaitingDrain = false;

  private constructor(child: ChildProcess, limits: StdioLimits, spawnedAt: number) {
    this.#child = child;
    this.#limits = limits;
    this.spawnedAt = spawnedAt;
    this.#wire = new WireRecorder(limits);
    this.#inbox = new LineInbox(limits.maxResponseBytes, this.#wire);
    child.stdout?.on('data', (chunk: Buffer) => this.#inbox.push(chunk));
    child.stdout?.on('end', () => this.#onStdoutEnd());
    child.stderr?.on('data', (chunk: Buffer) => this.#onStderr(chunk));
    child.stdin?.on('error', () => {
      // EPIPE after the server died: the exit handler reports it.
    });
    child.on('error', () => {
      // Signalling a process that already exited; nothing to report.
    });
    child.on('exit', (code, signal) => this.#onExit(code, signal));
  }

  /** Starts the server. Rejects with `ConnectError('spawn-failed')` if it cannot be started. */
  static async spawn(target: StdioTarget, limits: StdioLimits): Promise<StdioChannel> {
    const spawnedAt = performance.now();
    const child = spawn(target.command, [...(target.args ?? [])], {
      cwd: target.cwd,
      env: childEnv(process.env, target.env, target.passEnv),
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ConnectError('spawn-failed', `The stdio server could not be started${code ? ` (${code})` : ''}`);
    }
    if (child.pid !== undefined) trackGroup(child.pid);
    return new StdioChannel(child, limits, spawnedAt);
  }

  get onServerRequest(): ((request: ServerRequest) => void) | undefined {
    return this.#inbox.onServerRequest;
  }

  set onServerRequest(handler: ((request: ServerRequest) => void) | undefined) {
    this.#inbox.onServerRequest = handler;
  }

  get pid(): number | undefined {
    return this.#child.pid;
  }

  get process(): ChannelProcess {
    return this;
  }

  get closed(): boolean {
    return this.#closing || this.#endKind !== undefined;
  }

  /** True when the server ended by itself (exit or stdout closed), as opposed to being closed. */
  get ended(): boolean {
    return this.#endKind !== undefined && !this.#closing;
  }

  /** The first `stderrCapBytes` of stderr. Server text: never log or persist it. */
  stderrText(): string {
    return Buffer.concat(this.#stderr).toString('utf8');
  }

  /** How the process ended by itself (both null while it runs, or when MCP Eval ended it). Numbers only. */
  serverExit(): ServerExit {
    return { exitCode: this.#ownExit?.code ?? null, signal: this.#ownExit?.signal ?? null, stderrBytes: this.#stderrBytes };
  }

  diagnostics(): ConnectionDiagnostics {
    return {
      nonJsonLines: this.#inbox.nonJsonLines,
      strayResponses: this.#inbox.table.strayResponses,
      unsolicitedMessages: this.#inbox.unsolicitedMessages,
      stderrBytes: this.#stderrBytes,
    };
  }

  wireLog(): WireLog {
    return this.#wire.log();
  }

  async send(outbound: Outbound): Promise<Exchange> {
    const startedAt = performance.now();
    const line = outbound.body.endsWith('\n') ? outbound.body : `${outbound.body}\n`;
    const requestBytes = Buffer.byteLength(line);
    const measure = (responseBytes: number) => ({
      method: outbound.method,
      requestBytes,
      responseBytes,
      latencyMs: elapsedSince(startedAt),
      notifications: [],
    });
    if (this.closed) return buildExchange(measure(0), failure(this.#endKind ?? 'closed'));
    if (this.#backlogFull()) {
      this.#flood();
      return buildExchange(measure(0), failure('flooded'));
    }
    if (!outbound.expectResponse) {
      const written = await this.#deliver(line, outbound.value, outbound.timeoutMs);
      return buildExchange(measure(0), written ? { outcome: 'result', result: {} } : failure(this.#endKind ?? 'timeout'));
    }
    return this.#inbox.request(outbound, line, startedAt, (written) => this.#child.stdin?.write(written));
  }

  close(): Promise<void> {
    if (!this.#closing) {
      this.#closing = true;
      this.#inbox.table.settleAll(failure('closed'));
      this.#dropQueued();
      this.#cleanup = (this.#cleanup ?? Promise.resolve()).then(() => terminateGroup(this.#child));
    }
    return this.#cleanup ?? Promise.resolve();
  }

  /** Whether the server has left more unread on its stdin than the cap allows. */
  #backlogFull(): boolean {
    return (this.#child.stdin?.writableLength ?? 0) > this.#limits.maxStdinBacklogBytes;
  }

  /**
   * Writes a reply or notification honouring backpressure: while stdin needs draining it waits in
   * a bounded queue. A server that stops reading while it keeps asking fills the queue: flooded.
   * A timed-out entry stays queued (and counted) until written: giving up must not free the cap.
   */
  #deliver(line: string, value: JsonValue | undefined, timeoutMs: number): Promise<boolean> {
    if (this.#queued.length >= this.#limits.maxPendingReplies) {
      this.#flood();
      return Promise.resolve(false);
    }
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.#queued.push({
        line,
        value,
        done: (written) => {
          clearTimeout(timer);
          resolve(written);
        },
      });
      this.#pump();
    });
  }

  #pump(): void {
    const stdin = this.#child.stdin;
    if (!stdin) return;
    while (!stdin.writableNeedDrain) {
      const entry = this.#queued.shift();
      if (!entry) break;
      this.#wire.sent('stdin', Buffer.byteLength(entry.line), entry.value);
      stdin.write(entry.line, (error) => entry.done(error == null));
    }
    if (this.#queued.length === 0 || this.#awaitingDrain) return;
    this.#awaitingDrain = true;
    stdin.once('drain', () => {
      this.#awaitingDrain = false;
      this.#pump();
    });
  }

  #dropQueued(): void {
    for (const entry of this.#queued.splice(0)) entry.done(false);
  }

  /** Ends the connection `flooded`: pending requests fail, queued writes are dropped, the group ends. */
  #flood(): void {
    if (this.#endKind !== undefined || this.#closing) return;
    this.#endKind = 'flooded';
    this.#inbox.table.settleAll(failure('flooded'));
    this.#dropQueued();
    // What the server never read is released now, not when the process is gone.
    this.#child.stdin?.destroy();
    this.#cleanup = terminateGroup(this.#child);
  }

  #onStderr(chunk: Buffer): void {
    this.#stderrBytes += chunk.length;
    const room = this.#limits.stderrCapBytes - this.#stderrKept;
    if (room <= 0) return;
    const kept = chunk.subarray(0, room);
    this.#stderr.push(Buffer.from(kept));
    this.#stderrKept += kept.length;
  }

  #onStdoutEnd(): void {
    this.#inbox.end();
    this.#stdoutEnded = true;
    if (this.#exit) this.#end();
    else setTimeout(() => this.#end(), DRAIN_AFTER_EXIT_MS).unref();
  }

  #onExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.#exit = { code, signal };
    if (!this.#closing) this.#ownExit = { code, signal };
    if (this.#stdoutEnded) this.#end();
    else setTimeout(() => this.#end(), DRAIN_AFTER_EXIT_MS).unref();
    // The server is gone but what it started may not be: end the rest of its group.
    if (!this.#closing) this.#cleanup = terminateGroup(this.#child);
  }

  /** The server side is over: whatever is still pending will never be answered. */
  #end(): void {
    if (this.#endKind !== undefined) return;
    const abnormal = this.#exit !== undefined && (this.#exit.signal !== null || (this.#exit.code ?? 0) !== 0);
    this.#endKind = this.#closing ? 'closed' : abnormal ? 'crashed' : 'closed';
    this.#inbox.table.settleAll(failure(this.#endKind));
    this.#dropQueued();
  }
}
