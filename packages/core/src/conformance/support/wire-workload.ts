import type { Exchange, JsonObject, ProtocolEra, RequestOptions, WireLog } from '@mcp-eval/protocol';
import { isJsonObject, withMembers } from '@mcp-eval/protocol';

import type { CheckContext, Outcome } from '../../check.js';
import { collectResults } from './collect-results.js';
import { perConnection } from './per-connection.js';

/**
 * How long the workload waits after its last exchange for late or stray frames (a progress after
 * an answer, a second response) before it takes the wire log. Loopback frames arrive well within it.
 */
export const WIRE_QUIET_MS = 50;

/** The method no revision defines that the workload asks for (its answer is part of the log). */
export const WIRE_UNKNOWN_METHOD = 'mcp-eval/wire-workload-unknown';

/** The request id the workload's invalid `notifications/cancelled` names: never sent, so it must be ignored. */
export const WIRE_NEVER_SENT_ID = 'mcp-eval-never-sent';

/** The harmless request the workload sends after its invalid cancellation, by era. */
export const WIRE_AFTER_CANCEL_METHOD: Readonly<Record<ProtocolEra, string>> = { legacy: 'ping', modern: 'server/discover' };

/** One request of the workload and what came of it (headers for the SSE framing assertion). */
export interface WorkloadExchange {
  readonly method: string;
  readonly progressToken: string;
  readonly exchange: Exchange;
}

export interface WireWorkload {
  readonly log: WireLog;
  readonly era: ProtocolEra;
  /** True over Streamable HTTP, false over stdio. */
  readonly http: boolean;
  /** What the client declared in `initialize` (legacy); the modern era declares per request. */
  readonly clientCapabilities: JsonObject;
  readonly exchanges: readonly WorkloadExchange[];
}

const workloads = perConnection<'workload', WireWorkload>();

/**
 * The one exchange every wire assertion reads, run once per run (memoised on the run's shared
 * connection, the same object for every case of a run) on a fresh connection of its own: the
 * handshake, legacy `ping`, every declared list walked with reads and one read-only tool call
 * (`collectResults`), a method no revision defines, a `notifications/cancelled` for a request
 * never sent and one harmless request after it. Each request carries its own `progressToken`.
 * Nothing here has side effects.
 */
export function wireWorkload(ctx: CheckContext): Promise<WireWorkload> {
  return workloads(ctx.connection, 'workload', () => runWorkload(ctx));
}

async function runWorkload(ctx: CheckContext): Promise<WireWorkload> {
  const connection = await ctx.openConnection();
  const exchanges: WorkloadExchange[] = [];
  let counter = 0;
  const request = async (method: string, params?: JsonObject, options?: RequestOptions): Promise<Exchange> => {
    counter += 1;
    const progressToken = `mcp-eval-progress-${String(counter)}`;
    const exchange = await connection.request(method, params, { ...options, meta: { ...options?.meta, progressToken } });
    exchanges.push({ method, progressToken, exchange });
    return exchange;
  };
  const tokened = withMembers(connection, { request });
  const requestOptions = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };

  // Side by side, as a client would send them: the wire rules hold for concurrent requests too.
  await Promise.all([
    connection.era === 'legacy' ? request('ping', {}, requestOptions) : undefined,
    collectResults({ ...ctx, connection: tokened }, { reads: true, toolCall: true }),
    request(WIRE_UNKNOWN_METHOD, {}, requestOptions),
  ]);
  await connection.notify('notifications/cancelled', { requestId: WIRE_NEVER_SENT_ID });
  // The server must ignore that cancellation and serve on: one more harmless request shows it.
  await request(WIRE_AFTER_CANCEL_METHOD[connection.era], {}, requestOptions);
  await new Promise((resolve) => setTimeout(resolve, WIRE_QUIET_MS));

  const log = connection.wireLog();
  return { log, era: connection.era, http: connection.traits.httpHeaders, clientCapabilities: declaredCapabilities(log), exchanges };
}

/** The label every wire assertion gives a verdict the full wire log cannot support. */
export type WireLogFullLabel = 'wire-log-full';

/** Its text, for each wire assertion's own `labels` map. */
export const WIRE_LOG_FULL_LABELS: Record<WireLogFullLabel, string> = {
  'wire-log-full':
    'The wire log filled up (WIRE_LOG_MAX_FRAMES or WIRE_LOG_MAX_BYTES) and nothing wrong was found in what it kept: what came after was never seen, so no verdict.',
};

/**
 * A wire assertion's `run`, judged against the log it read: once the log is truncated, frames past
 * the bound were never seen (a server can fill the log with harmless notifications and misbehave
 * after), so only a defect found in what was kept stands; a pass, a skip or an error becomes
 * `wire-log-full`. An assertion that returns before reading the workload (not applicable) is left
 * alone.
 */
export function overWireLog<L extends string>(
  judge: (ctx: CheckContext, read: () => Promise<WireWorkload>) => Promise<Outcome<L>>,
): (ctx: CheckContext) => Promise<Outcome<L | WireLogFullLabel>> {
  return async (ctx) => {
    let read: WireWorkload | undefined;
    const outcome = await judge(ctx, async () => (read = await wireWorkload(ctx)));
    if (outcome.status === 'fail' || read?.log.truncated !== true) return outcome;
    return { status: 'error', label: 'wire-log-full', ...(outcome.measurements ? { measurements: outcome.measurements } : {}) };
  };
}

function declaredCapabilities(log: WireLog): JsonObject {
  for (const frame of log.frames) {
    const value = frame.value;
    if (frame.direction !== 'sent' || !isJsonObject(value) || value.method !== 'initialize' || !isJsonObject(value.params)) continue;
    const capabilities = value.params.capabilities;
    return isJsonObject(capabilities) ? capabilities : {};
  }
  return {};
}
