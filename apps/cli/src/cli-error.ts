/** The invocation or manifest is invalid and nothing was run: exit code 2. */
export class UsageError extends Error {
  override readonly name: string = 'UsageError';
}

/** The manifest is invalid: one `file:line:column: message` line per problem. Exit code 2. */
export class ManifestInvalidError extends UsageError {
  override readonly name = 'ManifestInvalidError';
}

/** Exit codes, documented in docs/cli.md. */
export const EXIT = {
  /** Every case passed its gate (skips do not fail a run). */
  ok: 0,
  /** At least one case failed or errored. */
  failed: 1,
  /** The invocation or manifest is invalid; nothing was run. */
  usage: 2,
  /** MCP Eval itself crashed: a bug, please report it. */
  internal: 3,
  /** Nothing could be evaluated: the target could not be started or reached (every case `connect-failed`). */
  unevaluated: 4,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
