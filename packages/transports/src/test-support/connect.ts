import { stdioFixture, type FixtureName } from '@mcp-eval/fixture-servers';
import type { Exchange, JsonObject } from '@mcp-eval/protocol';

import type { WireConnection } from '../connection.js';
import { createConnector } from '../connector.js';
import type { ConnectorOptions, Target } from '../target.js';

/** Connections opened by a test, closed by `closeAll` in its `afterEach`. */
export class OpenConnections {
  readonly #open: (() => Promise<void>)[] = [];

  async connect(target: Target, options: ConnectorOptions = {}): Promise<WireConnection> {
    const connection = await createConnector(target, options).connect();
    this.#open.push(() => connection.close());
    return connection;
  }

  /** Anything else a test started (an HTTP server) that must end with it. */
  defer(cleanup: () => Promise<void>): void {
    this.#open.push(cleanup);
  }

  async closeAll(): Promise<void> {
    for (const close of this.#open.splice(0).reverse()) await close();
  }
}

export function stdioTarget(name: FixtureName, env: Record<string, string> = {}): Target {
  return stdioFixture(name, env);
}

export function callTool(connection: WireConnection, name: string, args: JsonObject = {}, timeoutMs?: number): Promise<Exchange> {
  return connection.request('tools/call', { name, arguments: args }, timeoutMs === undefined ? undefined : { timeoutMs });
}

/** The failure kind of a transport failure, or the outcome otherwise: one value to assert on. */
export function outcomeOf(exchange: Exchange): string {
  return exchange.outcome === 'transport-failure' ? exchange.failure : exchange.outcome;
}

export function structured(exchange: Exchange): unknown {
  return exchange.outcome === 'result' ? exchange.result.structuredContent : undefined;
}
