import { ConnectError, type Connector, type TransportKind } from '@mcp-eval/protocol';

import { NegotiatedConnection, type WireConnection } from './connection.js';
import { HttpChannel } from './http-channel.js';
import { endSession } from './legacy-session.js';
import { negotiate, type OpenedChannel } from './negotiate.js';
import { StdioChannel } from './stdio-channel.js';
import { resolveOptions, type ConnectorOptions, type Target } from './target.js';

export interface WireConnector extends Connector {
  connect(options?: { readonly signal?: AbortSignal }): Promise<WireConnection>;
}

/**
 * Opens connections to one target. Every `connect()` is independent: a new process over stdio, a
 * new handshake (and, on legacy HTTP, a new session) over HTTP; nothing is cached between them.
 */
export function createConnector(target: Target, options?: ConnectorOptions): WireConnector {
  const resolved = resolveOptions(options);
  const transport: TransportKind = target.transport;
  return {
    transport,
    async connect(connectOptions) {
      const signal = connectOptions?.signal;
      if (signal?.aborted) throw new ConnectError('cancelled', 'The connection attempt was cancelled');
      let stdio: StdioChannel | undefined;
      let http: HttpChannel | undefined;
      const open = async (): Promise<OpenedChannel> => {
        if (target.transport === 'stdio') {
          stdio = await StdioChannel.spawn(target, resolved);
          return { channel: stdio, startedAt: stdio.spawnedAt, unreachable: () => false };
        }
        const channel = new HttpChannel(target, resolved);
        http = channel;
        return { channel, startedAt: performance.now(), unreachable: () => channel.unreachable };
      };
      const negotiated = await negotiate(open, {
        protocol: resolved.protocol,
        timeoutMs: resolved.timeoutMs,
        clientInfo: resolved.clientInfo,
        ...(signal ? { signal } : {}),
      }).catch((error: unknown) => {
        // A stdio server that never finished its handshake: say how it ended (for `mcp-eval explain`).
        const started = stdio;
        if (!(error instanceof ConnectError) || started === undefined) throw error;
        throw new ConnectError(error.kind, error.message, { serverExit: started.serverExit(), stderrText: () => started.stderrText() });
      });
      const channel = negotiated.opened.channel;
      const process = stdio === channel ? stdio : undefined;
      const session = http === channel && negotiated.binding.era === 'legacy' ? http : undefined;
      return new NegotiatedConnection({
        channel,
        binding: negotiated.binding,
        ids: negotiated.ids,
        handshake: negotiated.handshake,
        serverCapabilities: negotiated.serverCapabilities,
        coldStartMs: negotiated.coldStartMs,
        timeoutMs: resolved.timeoutMs,
        ...(process ? { pid: process.pid, stderrText: () => process.stderrText() } : {}),
        ...(session
          ? {
              beforeClose: () =>
                endSession((headers, ms) => session.request('DELETE', headers, ms), negotiated.binding, resolved.timeoutMs),
            }
          : {}),
      });
    },
  };
}
