import type { Exchange, ExchangeMeasurements, FailureKind, JsonObject, JsonRpcErrorObject } from '@mcp-eval/protocol';

/** How a request ended, before the measurements are attached. */
export type Answer =
  | { readonly outcome: 'result'; readonly result: JsonObject }
  | { readonly outcome: 'error'; readonly error: JsonRpcErrorObject }
  | { readonly outcome: 'transport-failure'; readonly failure: FailureKind };

export function failure(kind: FailureKind): Answer {
  return { outcome: 'transport-failure', failure: kind };
}

/** One exchange record; HTTP-only fields are left out rather than set to undefined. */
export function buildExchange(measured: ExchangeMeasurements, answer: Answer): Exchange {
  const base = {
    method: measured.method,
    requestBytes: measured.requestBytes,
    responseBytes: measured.responseBytes,
    latencyMs: measured.latencyMs,
    notifications: [...measured.notifications],
    ...(measured.httpStatus === undefined ? {} : { httpStatus: measured.httpStatus }),
    ...(measured.responseHeaders === undefined ? {} : { responseHeaders: measured.responseHeaders }),
  };
  switch (answer.outcome) {
    case 'result':
      return { ...base, outcome: 'result', result: answer.result };
    case 'error':
      return { ...base, outcome: 'error', error: answer.error };
    case 'transport-failure':
      return { ...base, outcome: 'transport-failure', failure: answer.failure };
  }
}

/** Wall-clock milliseconds since `startedAt` (a `performance.now()` reading), to 0.1 ms. */
export function elapsedSince(startedAt: number): number {
  return Math.round((performance.now() - startedAt) * 10) / 10;
}
