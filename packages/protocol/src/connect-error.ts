import type { FailureKind } from './failure-kind.js';

/**
 * Why a connection could not be established. A closed set so that records can carry it as a label.
 * - `spawn-failed`: the stdio command could not be started.
 * - `unreachable`: the HTTP endpoint refused or could not be reached.
 * - `handshake-rejected`: discover/initialize answered with a JSON-RPC error.
 * - `era-unsupported`: the pinned era is not spoken by the server.
 * - anything else: the handshake request's transport failure.
 */
export type ConnectFailure = 'spawn-failed' | 'unreachable' | 'handshake-rejected' | 'era-unsupported' | FailureKind;

/**
 * stdio: how a server process that never completed its handshake ended. Numbers and the signal
 * name only; `exitCode` and `signal` are both null when it was still running (e.g. a timeout).
 */
export interface ServerExit {
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** stderr bytes the process wrote (exact; the kept text is capped). */
  readonly stderrBytes: number;
}

/** Thrown by `Connector.connect`. Its message never contains text the server sent. */
export class ConnectError extends Error {
  override readonly name = 'ConnectError';
  readonly kind: ConnectFailure;
  /** stdio: how the process ended, when one was started. */
  readonly serverExit: ServerExit | undefined;
  // Server text, kept out of enumerable fields so no serializer picks it up by accident.
  readonly #stderrText: () => string;

  constructor(kind: ConnectFailure, message: string, exit?: { readonly serverExit: ServerExit; readonly stderrText: () => string }) {
    super(message);
    this.kind = kind;
    this.serverExit = exit?.serverExit;
    this.#stderrText = exit?.stderrText ?? (() => '');
  }

  /** stdio: the kept (capped) stderr of the process. Server text: never log or persist it. */
  stderrText(): string {
    return this.#stderrText();
  }
}
