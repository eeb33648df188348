import type { FailureKind } from './connection.js';

/**
 * Why a connection could not be established. A closed set so that records can carry it as a label.
 * - `spawn-failed`: the stdio command could not be started.
 * - `unreachable`: the HTTP endpoint refused or could not be reached.
 * - `handshake-rejected`: discover/initialize answered with a JSON-RPC error.
 * - `era-unsupported`: the pinned era is not spoken by the server.
 * - anything else: the handshake request's transport failure.
 */
export type ConnectFailure = 'spawn-failed' | 'unreachable' | 'handshake-rejected' | 'era-unsupported' | FailureKind;

/** Thrown by `Connector.connect`. Its message never contains text the server sent. */
export class ConnectError extends Error {
  override readonly name = 'ConnectError';
  readonly kind: ConnectFailure;

  constructor(kind: ConnectFailure, message: string) {
    super(message);
    this.kind = kind;
  }
}
