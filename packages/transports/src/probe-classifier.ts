import type { ConnectFailure, Exchange, JsonObject, NetworkFailure, TransportTraits } from '@mcp-eval/protocol';
import { ERROR_CODES, isJsonObject, MODERN_PROTOCOL_VERSION } from '@mcp-eval/protocol';

export type ProbeVerdict =
  | { readonly kind: 'modern'; readonly discover: JsonObject }
  | { readonly kind: 'legacy' }
  /** `-32022` listing our modern version: probe once more. */
  | { readonly kind: 'retry' }
  | { readonly kind: 'fail'; readonly failure: ConnectFailure };

function lists(value: unknown, version: string): boolean {
  return Array.isArray(value) && value.includes(version);
}

/**
 * What the answer to the `server/discover` probe says about the server's era, after the official
 * client's classifier: a DiscoverResult naming 2026-07-28 is modern; `-32022` with a
 * `supported` list is corrected once, or is legacy when the list has no modern entry; any other
 * JSON-RPC error, or another 4xx, is a legacy server being conservative. HTTP 401/403 and 5xx are
 * failures, never evidence of an era. Silence or a dead server is legacy on a channel that owns its
 * server (stdio: some legacy servers never answer, or exit on, a request before `initialize`) but an
 * outage over HTTP.
 */
export function classifyProbe(
  exchange: Exchange,
  traits: TransportTraits,
  retried: boolean,
  unreachable: NetworkFailure | undefined = undefined,
): ProbeVerdict {
  const status = exchange.httpStatus;
  if (status === 401 || status === 403 || (status !== undefined && status >= 500)) return { kind: 'fail', failure: 'http-status' };
  switch (exchange.outcome) {
    case 'result':
      return lists(exchange.result.supportedVersions, MODERN_PROTOCOL_VERSION)
        ? { kind: 'modern', discover: exchange.result }
        : { kind: 'legacy' };
    case 'error': {
      const data = exchange.error.data;
      if (exchange.error.code === ERROR_CODES.unsupportedVersion && isJsonObject(data) && Array.isArray(data.supported)) {
        return lists(data.supported, MODERN_PROTOCOL_VERSION) && !retried ? { kind: 'retry' } : { kind: 'legacy' };
      }
      return { kind: 'legacy' };
    }
    case 'transport-failure': {
      const kind = exchange.failure;
      if (traits.ownsServer) {
        return kind === 'timeout' || kind === 'closed' || kind === 'crashed' || kind === 'malformed'
          ? { kind: 'legacy' }
          : { kind: 'fail', failure: kind };
      }
      if (kind === 'http-status') return { kind: 'legacy' };
      if (kind === 'crashed' && unreachable !== undefined) return { kind: 'fail', failure: unreachable };
      return { kind: 'fail', failure: kind };
    }
  }
}
