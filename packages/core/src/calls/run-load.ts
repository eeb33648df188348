import { setTimeout as sleep } from 'node:timers/promises';
import type { Connection, FailureKind, JsonObject } from '@mcp-eval/protocol';

import type { CheckContext } from '../check.js';
import { callTool } from './call-tool.js';
import { classifyCall } from './classify-call.js';
import { cpuTimeMs } from './cpu-clock.js';

/** How one request of a load ended: a call kind, or the transport failure that ended it. */
export type LoadOutcome = 'success' | 'tool-error' | 'rpc-error' | 'input-required' | FailureKind;

export interface LoadPlan {
  readonly connections: readonly Connection[];
  /** Requests each connection keeps in flight at once (1: a closed loop per client). */
  readonly inFlight: number;
  readonly tool: string;
  readonly arguments: JsonObject;
  /** Requests per second over all clients; unbounded when absent. */
  readonly rate?: number;
  /** No request starts after this many milliseconds. */
  readonly durationMs?: number;
  /** No more requests than this are sent in all. */
  readonly maxRequests: number;
  /**
   * Bytes all answers in flight may hold at once (`LOAD_RESPONSE_BUDGET_BYTES` unless the case sets
   * it): each request's response cap is its share, budget / (clients × inFlight). An answer over its
   * share ends the whole load (`overBudget`) instead of holding more.
   */
  readonly responseBudgetBytes: number;
}

/** The default byte budget of one load case's answers in flight (`response_budget_bytes` overrides it). */
export const LOAD_RESPONSE_BUDGET_BYTES = 64 * 1024 * 1024;

export interface LoadTally {
  /** Latency of every request sent, in milliseconds, in completion order. */
  readonly latencies: readonly number[];
  readonly outcomes: Readonly<Record<LoadOutcome, number>>;
  /** From the first request's start to the last answer. */
  readonly elapsedMs: number;
  /** The evaluator's CPU time over the same span. */
  readonly cpuMs: number;
  /** The most requests pending at once over all connections: what the load actually was. */
  readonly maxInFlight: number;
  /** Each request's response cap: its share of the byte budget. */
  readonly responseCapBytes: number;
  /** An answer was over its share of the byte budget, so the load stopped there. */
  readonly overBudget: boolean;
}

/** After these, a client's connection is gone: its later requests would only measure that. */
const CONNECTION_ENDED: ReadonlySet<LoadOutcome> = new Set(['closed', 'crashed', 'flooded']);

function emptyOutcomes(): Record<LoadOutcome, number> {
  return {
    success: 0,
    'tool-error': 0,
    'rpc-error': 0,
    'input-required': 0,
    timeout: 0,
    cancelled: 0,
    closed: 0,
    crashed: 0,
    malformed: 0,
    oversized: 0,
    'http-status': 0,
    flooded: 0,
  };
}

/**
 * Drives every connection in closed loops (`inFlight` requests in flight per client) until the
 * request count or the duration is used up. With a rate, request n (0-based, over all clients) does not
 * start before n / rate seconds; without one each client sends as soon as its last answer arrives.
 */
export async function runLoad(ctx: Pick<CheckContext, 'timeoutMs' | 'callTimeoutMs' | 'signal'>, plan: LoadPlan): Promise<LoadTally> {
  const latencies: number[] = [];
  const outcomes = emptyOutcomes();
  const start = performance.now();
  const cpuStart = cpuTimeMs();
  const deadline = plan.durationMs === undefined ? Number.POSITIVE_INFINITY : start + plan.durationMs;
  let issued = 0;
  let pending = 0;
  let maxInFlight = 0;
  let overBudget = false;
  // Only size and outcome of an answer are kept (its latency and kind), so what one case holds is
  // bounded by the answers in flight, each under its share.
  const responseCapBytes = Math.max(1, Math.floor(plan.responseBudgetBytes / Math.max(1, plan.connections.length * plan.inFlight)));

  async function drive(connection: Connection): Promise<void> {
    while (!ctx.signal.aborted && !overBudget) {
      // Taken synchronously, before any wait: the ticket fixes this request's place in the schedule.
      const ticket = issued;
      if (ticket >= plan.maxRequests) return;
      issued += 1;
      if (plan.rate !== undefined) {
        const due = start + (ticket * 1_000) / plan.rate;
        if (due >= deadline) return;
        // A timer may fire a fraction of a millisecond early: wait again until the clock agrees.
        for (let wait = due - performance.now(); wait > 0; wait = due - performance.now()) {
          try {
            await sleep(wait, undefined, { signal: ctx.signal });
          } catch {
            return;
          }
        }
      }
      if (performance.now() >= deadline) return;
      pending += 1;
      maxInFlight = Math.max(maxInFlight, pending);
      const exchange = await callTool(ctx, connection, plan.tool, plan.arguments, { maxResponseBytes: responseCapBytes });
      pending -= 1;
      latencies.push(exchange.latencyMs);
      const call = classifyCall(exchange);
      const outcome: LoadOutcome = call.kind === 'transport-failure' ? call.failure : call.kind;
      outcomes[outcome] += 1;
      if (outcome === 'oversized') overBudget = true;
      if (CONNECTION_ENDED.has(outcome)) return;
    }
  }

  // A loop per request slot: a connection that ends stops all of its loops at their next answer.
  await Promise.all(plan.connections.flatMap((connection) => Array.from({ length: plan.inFlight }, () => drive(connection))));
  return {
    latencies,
    outcomes,
    elapsedMs: performance.now() - start,
    cpuMs: cpuTimeMs() - cpuStart,
    maxInFlight,
    responseCapBytes,
    overBudget,
  };
}
