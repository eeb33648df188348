import type { Exchange, FailureKind, JsonObject, JsonRpcErrorObject } from '@mcp-eval/protocol';

/**
 * What a `tools/call` exchange amounted to. A call succeeds when it returns a result that is not
 * `isError: true` (and is complete: an `input_required` result is its own kind).
 */
export type CallKind =
  | { readonly kind: 'success'; readonly result: JsonObject }
  | { readonly kind: 'tool-error'; readonly result: JsonObject }
  | { readonly kind: 'input-required'; readonly result: JsonObject }
  | { readonly kind: 'rpc-error'; readonly error: JsonRpcErrorObject }
  | { readonly kind: 'transport-failure'; readonly failure: FailureKind };

export function classifyCall(exchange: Exchange): CallKind {
  switch (exchange.outcome) {
    case 'transport-failure':
      return { kind: 'transport-failure', failure: exchange.failure };
    case 'error':
      return { kind: 'rpc-error', error: exchange.error };
    case 'result': {
      const { result } = exchange;
      if (result.resultType === 'input_required') return { kind: 'input-required', result };
      return result.isError === true ? { kind: 'tool-error', result } : { kind: 'success', result };
    }
  }
}
