export type TransportKind = 'stdio' | 'http';

/** A command to spawn, speaking newline-delimited JSON-RPC over its stdin/stdout. */
export interface StdioTarget {
  readonly transport: 'stdio';
  readonly command: string;
  readonly args?: readonly string[];
  /** Added to a small allowlist of the parent's variables; nothing else is inherited. */
  readonly env?: Readonly<Record<string, string>>;
  /** Names of parent variables passed through unchanged (values are read at spawn, never stored). */
  readonly passEnv?: readonly string[];
  /** The connector uses it as given: the caller resolves relative paths. */
  readonly cwd?: string;
}

/** A running Streamable HTTP endpoint. */
export interface HttpTarget {
  readonly transport: 'http';
  readonly url: string;
  /** Sent with every request, under the protocol's own headers. */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * The server to evaluate, in one shape for everyone: the manifest's `server` is one (with its
 * settings beside it), the CLI builds one from flags or a client config, and the transports
 * connect to one.
 */
export type ServerTarget = StdioTarget | HttpTarget;
