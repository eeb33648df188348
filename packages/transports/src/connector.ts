import type { OpenedChannel } from './channel.js';
import { connectorFromChannel, type WireConnector } from './connector-from-channel.js';
import { HttpChannel } from './http-channel.js';
import { StdioChannel } from './stdio-channel.js';
import type { ConnectorOptions, ResolvedOptions, Target } from './target.js';

export type { WireConnector } from './connector-from-channel.js';

/** The channel a target names: a spawned process over stdio, or an HTTP client for the URL. */
async function openTarget(target: Target, options: ResolvedOptions): Promise<OpenedChannel> {
  switch (target.transport) {
    case 'stdio': {
      const channel = await StdioChannel.spawn(target, options);
      return { channel, startedAt: channel.spawnedAt, unreachable: () => undefined };
    }
    case 'http': {
      const channel = new HttpChannel(target, options);
      return { channel, startedAt: performance.now(), unreachable: () => channel.unreachable };
    }
  }
}

/**
 * Opens connections to one target. Every `connect()` is independent: a new process over stdio, a
 * new handshake (and, on legacy HTTP, a new session) over HTTP; nothing is cached between them.
 */
export function createConnector(target: Target, options?: ConnectorOptions): WireConnector {
  const connector = connectorFromChannel(target.transport, (resolved) => openTarget(target, resolved), options);
  if (target.transport !== 'http') return connector;
  return { ...connector, at: (url: string) => createConnector({ ...target, url }, options) };
}
