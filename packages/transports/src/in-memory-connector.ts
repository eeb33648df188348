import { connectorFromChannel, type WireConnector } from './connector-from-channel.js';
import { MemoryChannel, type InMemoryServer } from './memory-channel.js';
import type { ConnectorOptions } from './target.js';

/**
 * Connections to a server object in this process: `start` makes a fresh server per connection (as
 * a new process would be), so two connections never share an instance. For tests whose subject is
 * not the process; crashes, stderr, pipes and signals need a real one.
 */
export function inMemoryConnector(start: () => InMemoryServer | Promise<InMemoryServer>, options?: ConnectorOptions): WireConnector {
  return connectorFromChannel(
    'stdio',
    async (resolved) => {
      const startedAt = performance.now();
      const channel = new MemoryChannel(await start(), resolved);
      return { channel, startedAt, unreachable: () => undefined };
    },
    options,
  );
}
