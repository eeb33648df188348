import { ConnectError, type Connector, type TransportKind } from '@mcp-eval/protocol';

import type { OpenedChannel } from './channel.js';
import { NegotiatedConnection, type WireConnection } from './connection.js';
import { endSession } from './legacy-session.js';
import { negotiate } from './negotiate.js';
import { resolveOptions, type ConnectorOptions, type ResolvedOptions } from './target.js';

export interface WireConnector extends Connector {
  connect(options?: { readonly signal?: AbortSignal }): Promise<WireConnection>;
}

/**
 * Opens one new channel to the server: a new process, a new HTTP client, a new in-process server.
 * Called once per `connect()`, and once more when a server that ended on the protocol probe has to
 * be started again for the legacy handshake.
 */
export type OpenChannel = (options: ResolvedOptions) => Promise<OpenedChannel>;

/**
 * A connector over any channel: negotiation, the era layer and the connection are shared, so a
 * transport is only its channel. Every `connect()` opens a channel of its own; nothing is cached.
 */
export function connectorFromChannel(transport: TransportKind, openChannel: OpenChannel, options?: ConnectorOptions): WireConnector {
  const resolved = resolveOptions(options);
  return {
    transport,
    async connect(connectOptions) {
      const signal = connectOptions?.signal;
      if (signal?.aborted) throw new ConnectError('cancelled', 'The connection attempt was cancelled');
      let last: OpenedChannel | undefined;
      const open = async (): Promise<OpenedChannel> => (last = await openChannel(resolved));
      const negotiated = await negotiate(open, {
        protocol: resolved.protocol,
        timeoutMs: resolved.timeoutMs,
        clientInfo: resolved.clientInfo,
        ...(signal ? { signal } : {}),
      }).catch((error: unknown) => {
        // A server process that never finished its handshake: say how it ended (for `mcp-eval explain`).
        const started = last?.channel.process;
        if (!(error instanceof ConnectError) || started === undefined) throw error;
        const serverExit = started.serverExit();
        // A process that ended before its handshake is that, whatever the last request saw of it.
        const ended = (serverExit.exitCode !== null || serverExit.signal !== null) && (error.kind === 'crashed' || error.kind === 'closed');
        const kind = ended ? 'process-exit' : error.kind;
        throw new ConnectError(kind, ended ? 'The server process exited before its handshake' : error.message, {
          serverExit,
          stderrText: () => started.stderrText(),
        });
      });
      const { channel } = negotiated.opened;
      const { binding } = negotiated;
      const ending = binding.era === 'legacy' ? channel.endSession?.bind(channel) : undefined;
      return new NegotiatedConnection({
        channel,
        binding,
        ids: negotiated.ids,
        handshake: negotiated.handshake,
        serverCapabilities: negotiated.serverCapabilities,
        coldStartMs: negotiated.coldStartMs,
        timeoutMs: resolved.timeoutMs,
        ...(ending ? { beforeClose: () => endSession(ending, binding, resolved.timeoutMs) } : {}),
      });
    },
  };
}
