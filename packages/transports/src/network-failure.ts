import type { NetworkFailure } from '@mcp-eval/protocol';

/** Network errors that mean nothing was reached, by what happened, as opposed to a server that went away. */
const NETWORK_FAILURES: Readonly<Record<string, NetworkFailure>> = {
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_NONAME: 'dns',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  EADDRNOTAVAIL: 'unreachable',
  EPROTO: 'tls',
  // Not a system code: undici's own refusal of a Fetch-standard bad port (see `networkErrorCode`).
  BAD_PORT: 'blocked-port',
};

/** The network failure an error code names; TLS and certificate codes are many, and share a shape. */
export function networkFailure(code: string | undefined): NetworkFailure | undefined {
  if (code === undefined) return undefined;
  if (/^(ERR_TLS_|ERR_SSL_)|CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return 'tls';
  return NETWORK_FAILURES[code];
}
