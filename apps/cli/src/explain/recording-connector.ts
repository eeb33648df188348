import type {
  ConnectFailure,
  ConnectionDiagnostics,
  Connector,
  RecordedExchange,
  ResultExchange,
  ServerExit,
  TransportKind,
} from '@mcp-eval/core';
import { ConnectError, recordingConnection } from '@mcp-eval/core';
import type { WireLog } from '@mcp-eval/protocol';
import type { WireConnector } from '@mcp-eval/transports';

/** One `connect()` the case made, and every request sent on it once it opened. */
export type ConnectAttempt =
  | {
      readonly outcome: 'connected';
      readonly transport: TransportKind;
      readonly protocol: string;
      readonly coldStartMs: number;
      readonly handshake: ResultExchange;
      readonly exchanges: readonly RecordedExchange[];
      readonly diagnostics: () => ConnectionDiagnostics;
      /** What crossed the wire, read through to the connection. Server text: never print a frame's value. */
      readonly wireLog: () => WireLog;
      /** Server text: shown only behind `--show-server-text`. */
      readonly stderrText: () => string;
    }
  | {
      readonly outcome: 'failed';
      readonly failure: ConnectFailure | 'unknown';
      readonly serverExit: ServerExit | undefined;
      /** Server text: shown only behind `--show-server-text`. */
      readonly stderrText: () => string;
    };

/**
 * The same connector, remembering every connection the case opened (the engine's first one and
 * any a check opens itself) with core's `recordingConnection`. It observes; it never sends.
 */
export function recordingConnector(connector: WireConnector): {
  readonly connector: Connector;
  readonly attempts: readonly ConnectAttempt[];
} {
  const attempts: ConnectAttempt[] = [];
  const recorded: Connector = {
    transport: connector.transport,
    async connect(options) {
      try {
        const wire = await connector.connect(options);
        const { connection, exchanges } = recordingConnection(wire);
        attempts.push({
          outcome: 'connected',
          transport: wire.transport,
          protocol: wire.protocolVersion,
          coldStartMs: wire.coldStartMs,
          handshake: wire.handshake,
          exchanges,
          diagnostics: () => wire.diagnostics(),
          wireLog: () => wire.wireLog(),
          stderrText: () => wire.stderrText(),
        });
        return connection;
      } catch (error) {
        const known = error instanceof ConnectError ? error : undefined;
        attempts.push({
          outcome: 'failed',
          failure: known?.kind ?? 'unknown',
          serverExit: known?.serverExit,
          stderrText: () => known?.stderrText() ?? '',
        });
        throw error;
      }
    },
  };
  return { connector: recorded, attempts };
}
