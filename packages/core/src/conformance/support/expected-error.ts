import type { Exchange, FailureKind } from '@mcp-eval/protocol';

/**
 * How an answer compares with the JSON-RPC error an assertion expects:
 * - `expected`: one of the expected codes, with the expected HTTP status (when one is set);
 * - `wrong-status`: the right code under another HTTP status;
 * - `wrong-code`: a JSON-RPC error with another code, or an HTTP rejection with no JSON-RPC error;
 * - `served`: a result, as if nothing were wrong;
 * - `no-answer`: no answer at all (timeout, crash, closed connection, unparseable reply).
 */
export type ErrorVerdict =
  | { readonly kind: 'expected' }
  | { readonly kind: 'wrong-status' }
  | { readonly kind: 'wrong-code' }
  | { readonly kind: 'served' }
  | { readonly kind: 'no-answer'; readonly failure: FailureKind };

export interface ExpectedError {
  readonly codes: readonly number[];
  /** HTTP only: the status the error must come with (the stdio wire has none). */
  readonly httpStatus?: number;
}

export function compareError(exchange: Exchange, expected: ExpectedError): ErrorVerdict {
  switch (exchange.outcome) {
    case 'result':
      return { kind: 'served' };
    case 'error': {
      if (!expected.codes.includes(exchange.error.code)) return { kind: 'wrong-code' };
      const status = exchange.httpStatus;
      if (expected.httpStatus !== undefined && status !== undefined && status !== expected.httpStatus) return { kind: 'wrong-status' };
      return { kind: 'expected' };
    }
    case 'transport-failure':
      // A bare HTTP rejection (a 4xx with no JSON-RPC body) did reject the request, just not with the code.
      return exchange.failure === 'http-status' && (exchange.httpStatus ?? 0) < 500
        ? { kind: 'wrong-code' }
        : { kind: 'no-answer', failure: exchange.failure };
  }
}

/** The numbers an answer may put in a record: its JSON-RPC code and HTTP status, when present. */
export function answerMeasurements(exchange: Exchange): Record<string, number> {
  return {
    ...(exchange.outcome === 'error' ? { jsonRpcCode: exchange.error.code } : {}),
    ...(exchange.httpStatus === undefined ? {} : { httpStatus: exchange.httpStatus }),
  };
}
