import type { EraConnector } from '@mcp-eval/core';
import type { Connection, Connector, ProtocolChoice } from '@mcp-eval/protocol';
import { LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from '@mcp-eval/protocol';
import type { Target } from '@mcp-eval/transports';
import { createConnector } from '@mcp-eval/transports';

/** `--protocol` for `conformance`: the target's choices, and `both` (every assertion in each era). */
export type ConformanceProtocol = ProtocolChoice | 'both';

/** What a conformance run evaluates: one connector (one era), or one per era. */
export type EraPlan =
  { readonly kind: 'one'; readonly connector: Connector } | { readonly kind: 'both'; readonly eras: readonly EraConnector[] };

/** A connector whose first `connect()` hands over a connection already opened, so a probe costs no second start. */
function primed(connector: Connector, connection: Connection): Connector {
  let opened: Connection | undefined = connection;
  return {
    transport: connector.transport,
    connect(options) {
      const first = opened;
      opened = undefined;
      return first === undefined ? connector.connect(options) : Promise.resolve(first);
    },
  };
}

function pinned(target: Target, timeoutMs: number) {
  return {
    modern: createConnector(target, { protocol: MODERN_PROTOCOL_VERSION, timeoutMs }),
    legacy: createConnector(target, { protocol: LEGACY_PROTOCOL_VERSION, timeoutMs }),
  };
}

/**
 * Which eras to evaluate. `both`: each era on its own pinned connector. A pinned revision: that one.
 * `auto` (the default): the first connection negotiates as usual (2026-07-28 first); when it is
 * modern, a second one pinned to 2025-11-25 asks whether the server also speaks legacy, and if it
 * does, both eras run, each starting on the connection its probe opened. Anything that fails to
 * connect here falls back to the single-era run, which reports the failure as before.
 */
export async function chooseEras(target: Target, protocol: ConformanceProtocol, timeoutMs: number): Promise<EraPlan> {
  if (protocol === 'both') {
    const { modern, legacy } = pinned(target, timeoutMs);
    return {
      kind: 'both',
      eras: [
        { era: 'modern', connector: modern },
        { era: 'legacy', connector: legacy },
      ],
    };
  }
  const connector = createConnector(target, { protocol, timeoutMs });
  if (protocol !== 'auto') return { kind: 'one', connector };
  let first: Connection;
  try {
    first = await connector.connect();
  } catch {
    return { kind: 'one', connector };
  }
  if (first.era !== 'modern') return { kind: 'one', connector: primed(connector, first) };
  const { legacy } = pinned(target, timeoutMs);
  let second: Connection;
  try {
    second = await legacy.connect();
  } catch {
    return { kind: 'one', connector: primed(connector, first) };
  }
  return {
    kind: 'both',
    eras: [
      { era: 'modern', connector: primed(connector, first) },
      { era: 'legacy', connector: primed(legacy, second) },
    ],
  };
}
