/**
 * Bounds on what a server can make the client do or hold by sending it requests (legacy sampling,
 * elicitation, roots, ping): each one costs a reply, which costs memory until delivered (stdio)
 * or a POST (HTTP). Past a bound the connection ends `flooded`.
 */
export interface FloodLimits {
  /** Replies and notifications written but not yet delivered (stdio: waiting for stdin to drain; HTTP: POSTs in flight). */
  readonly maxPendingReplies: number;
  /** HTTP: server requests answered from one response stream. */
  readonly maxServerRequestsPerResponse: number;
  /** stdio: bytes already queued on the server's stdin beyond which nothing more is written. */
  readonly maxStdinBacklogBytes: number;
}

export const DEFAULT_MAX_PENDING_REPLIES = 64;
export const DEFAULT_MAX_SERVER_REQUESTS_PER_RESPONSE = 32;
/** Above payload-bounds' largest argument (64 MiB), so one deliberate oversized call fits. */
export const DEFAULT_MAX_STDIN_BACKLOG_BYTES = 128 * 1024 * 1024;
