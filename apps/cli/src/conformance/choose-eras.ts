import type { ConformanceOptions, EraConnector, Evaluation } from '@mcp-eval/core';
import { runConformance, runConformanceEras } from '@mcp-eval/core';
import type { Connection, Connector, ProtocolChoice } from '@mcp-eval/protocol';
import { ConnectError, LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from '@mcp-eval/protocol';
import type { Target } from '@mcp-eval/transports';
import { createConnector } from '@mcp-eval/transports';

import type { TargetFlags } from '../target/target-from-flags.js';

/** `--protocol` for `conformance`: the target's choices, and `both` (every assertion in each era). */
export type ConformanceProtocol = ProtocolChoice | 'both';

/** What a conformance run evaluates: one connector (one era), or one per era. */
export type EraPlan =
  | {
      readonly kind: 'one';
      readonly connector: Connector;
      /** The probe could not connect: every later connection is refused with the same failure, none attempted. */
      readonly unreachable?: ConnectError;
    }
  | { readonly kind: 'both'; readonly eras: readonly EraConnector[] };

/**
 * `--protocol both` is conformance's own (scan's too, for its conformance part); every other value
 * is the target's (`targetFromFlags` checks it), so `both` leaves the target on `auto`.
 */
export function splitProtocol<F extends TargetFlags>(flags: F): { readonly both: boolean; readonly targetFlags: F } {
  if (flags.protocol !== 'both') return { both: false, targetFlags: flags };
  return { both: true, targetFlags: { ...flags, protocol: undefined } };
}

/** How many eras the plan evaluates, so progress counts every assertion run. */
export function erasOf(plan: EraPlan): number {
  return plan.kind === 'both' ? plan.eras.length : 1;
}

/** Every conformance assertion in the plan's eras: what `conformance` and `scan` both run. */
export function runPlannedConformance(plan: EraPlan, options: ConformanceOptions): Promise<Evaluation> {
  return plan.kind === 'both' ? runConformanceEras(plan.eras, options) : runConformance(plan.connector, options);
}

/**
 * A connector that refuses every connection with the failure already seen: a server that could not
 * be reached once is said once, not waited for again by every case (a silent server costs one
 * timeout, not one per case).
 */
export function unreachableConnector(connector: Connector, failure: ConnectError): Connector {
  return { transport: connector.transport, connect: () => Promise.reject(failure) };
}

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
 * connect here falls back to the single-era run; when the first connection already failed, that run
reports the same failure for every case without connecting again.
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
  } catch (error) {
    if (!(error instanceof ConnectError)) throw error;
    return { kind: 'one', connector: unreachableConnector(connector, error), unreachable: error };
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
