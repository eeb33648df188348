import type { ModelFailureKind, ModelProvider, ResolvedColumn } from '@mcp-eval/core';
import { createColumnPort } from '@mcp-eval/models';

import type { ProbeParams } from './probe-request.js';
import { probeRequest } from './probe-request.js';

/** A column to probe: the resolved column and the parameters its cases would be sent with. */
export interface ProbedColumn {
  readonly column: ResolvedColumn;
  readonly probe: ProbeParams;
}

/**
 * What the probe found. Only the column id, the fixed provider enum, fixed labels and numbers:
 * never the model's text, the model name, the base URL or the key.
 */
export type ProbeResult = {
  readonly id: string;
  readonly provider: ModelProvider;
  /** HTTP requests sent (0 for `lexical` and for a column with no key). */
  readonly requests: number;
  readonly latencyMs: number;
} & (
  | { readonly status: 'reachable'; readonly temperature: 'accepted' | 'rejected' | 'not-set' }
  | { readonly status: 'not-a-model' }
  | { readonly status: Exclude<ModelFailureKind, 'cancelled'>; readonly httpStatus?: number; readonly retryAfterMs?: number }
);

/** Sends one probe through the column's port (the same port `run` uses). */
export async function probeColumn(probed: ProbedColumn, env: Readonly<Record<string, string | undefined>>): Promise<ProbeResult> {
  const { column } = probed;
  const base = { id: column.id, provider: column.provider };
  if (column.provider === 'lexical') return { ...base, status: 'not-a-model', requests: 0, latencyMs: 0 };
  const port = createColumnPort(column, { concurrency: 1, env });
  const outcome = await port.decide(probeRequest(probed.probe));
  const spent = { requests: outcome.requests, latencyMs: Math.round(outcome.latencyMs) };
  if (outcome.kind === 'decision') {
    const temperature = probed.probe.temperature === undefined ? 'not-set' : outcome.temperatureApplied === 1 ? 'accepted' : 'rejected';
    return { ...base, ...spent, status: 'reachable', temperature };
  }
  switch (outcome.failure) {
    case 'provider-error':
      return {
        ...base,
        ...spent,
        status: outcome.failure,
        ...(outcome.httpStatus === undefined ? {} : { httpStatus: outcome.httpStatus }),
      };
    case 'rate-limited':
      return {
        ...base,
        ...spent,
        status: outcome.failure,
        ...(outcome.retryAfterMs === undefined ? {} : { retryAfterMs: outcome.retryAfterMs }),
      };
    // No caller signal is passed, so `cancelled` cannot happen; it reads as the timeout it would be.
    case 'cancelled':
      return { ...base, ...spent, status: 'model-timeout' };
    default:
      return { ...base, ...spent, status: outcome.failure };
  }
}
