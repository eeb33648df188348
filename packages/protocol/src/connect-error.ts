import type { FailureKind } from './failure-kind.js';

/** The signals whose numbers POSIX fixes, so a record's `signal` means the same on every platform. */
const SIGNAL_NUMBERS: Readonly<Record<string, number>> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGQUIT: 3,
  SIGABRT: 6,
  SIGKILL: 9,
  SIGALRM: 14,
  SIGTERM: 15,
};

/**
 * Why a connection could not be established, worded as the server's condition. A closed set so
 * that records can carry it as a label (`connect-<failure>`).
 * - `spawn-failed`: the stdio command could not be started.
 * - `process-exit`: the stdio server process ended before its handshake (exit code or signal in `serverExit`).
 * - `refused`: nothing listens at the HTTP endpoint (connection refused).
 * - `dns`: the endpoint's host name does not resolve.
 * - `tls`: the TLS handshake with the endpoint failed (certificate or protocol).
 * - `unreachable`: the endpoint's network or host cannot be reached.
 * - `blocked-port`: the URL's port is one HTTP clients never connect to (the Fetch standard's bad ports: 9, 25, 6000, …).
 * - `http-status`: the endpoint answered the handshake with an HTTP error status (its number in `httpStatus`).
 * - `handshake-rejected`: discover/initialize answered with a JSON-RPC error.
 * - `era-unsupported`: the pinned era is not spoken by the server.
 * - anything else: the handshake request's transport failure (`timeout`: no answer in time).
 */
export type ConnectFailure =
  | 'spawn-failed'
  | 'process-exit'
  | 'refused'
  | 'dns'
  | 'tls'
  | 'unreachable'
  | 'blocked-port'
  | 'handshake-rejected'
  | 'era-unsupported'
  | FailureKind;

/** HTTP failures before any status: what the network said, as a connect failure. */
export type NetworkFailure = Extract<ConnectFailure, 'refused' | 'dns' | 'tls' | 'unreachable' | 'blocked-port'>;

/** Each connect failure as the console's one line says it: the server's condition, fixed words only. */
export const CONNECT_FAILURE_PHRASES: Readonly<Record<ConnectFailure, string>> = {
  'spawn-failed': 'the server command could not be started',
  'process-exit': 'the server process exited before its handshake',
  refused: 'connection refused',
  dns: 'the host name does not resolve',
  tls: 'the TLS handshake failed',
  unreachable: 'the network or host cannot be reached',
  'blocked-port': 'the port is one HTTP clients refuse to connect to',
  'handshake-rejected': 'the server rejected the handshake',
  'era-unsupported': 'the server does not speak the requested protocol era',
  'http-status': 'the server answered the handshake with an HTTP error status',
  timeout: 'no answer to the handshake in time',
  cancelled: 'the connection attempt was cancelled',
  closed: 'the server closed the connection during the handshake',
  crashed: 'the connection was reset during the handshake',
  malformed: 'the handshake answer was not JSON-RPC',
  oversized: 'the handshake answer was larger than the response cap',
  flooded: 'the server flooded the connection during the handshake',
};

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
  /** `http-status`: the status the handshake was answered with. */
  readonly httpStatus: number | undefined;
  // Server text, kept out of enumerable fields so no serializer picks it up by accident.
  readonly #stderrText: () => string;

  constructor(
    kind: ConnectFailure,
    message: string,
    details?: { readonly serverExit?: ServerExit; readonly stderrText?: () => string; readonly httpStatus?: number },
  ) {
    super(message);
    this.kind = kind;
    this.serverExit = details?.serverExit;
    this.httpStatus = details?.httpStatus;
    this.#stderrText = details?.stderrText ?? (() => '');
  }

  /**
   * The numbers a record may carry about the failure: the HTTP status, the exit code, or the
   * signal's number (never its text, never anything the server wrote).
   */
  measurements(): Record<string, number> {
    if (this.httpStatus !== undefined) return { httpStatus: this.httpStatus };
    const exit = this.serverExit;
    if (this.kind !== 'process-exit' || exit === undefined) return {};
    if (exit.exitCode !== null) return { exitCode: exit.exitCode };
    const signal = exit.signal === null ? undefined : (SIGNAL_NUMBERS[exit.signal] ?? undefined);
    return signal === undefined ? {} : { signal };
  }

  /** stdio: the kept (capped) stderr of the process. Server text: never log or persist it. */
  stderrText(): string {
    return this.#stderrText();
  }
}
