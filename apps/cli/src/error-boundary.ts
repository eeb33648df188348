import { EXIT, ManifestInvalidError, UsageError } from './cli-error.js';
import type { Io } from './io.js';

/** The one line an unknown error prints: its message or stack may carry server or user data. */
export const INTERNAL_ERROR_LINE =
  'mcp-eval: internal error (a bug in MCP Eval; please report it). Run again with --debug for the stack trace; check it for secrets before sharing it.';

/**
 * Turns what a command threw into an exit code and a message on stderr. Our own errors (usage,
 * manifest, cac's flag errors) are written as they are: their text is ours. Anything else prints
 * only a fixed line; its stack (which quotes its message) goes to stderr only under `--debug`.
 */
export function reportError(error: unknown, io: Io, debug: boolean): number {
  if (error instanceof ManifestInvalidError) {
    io.stderr.write(`${error.message}\n`);
    return EXIT.usage;
  }
  if (error instanceof UsageError || isCacError(error)) {
    io.stderr.write(`mcp-eval: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
  io.stderr.write(`${INTERNAL_ERROR_LINE}\n`);
  if (debug) io.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return EXIT.internal;
}

function isCacError(error: unknown): boolean {
  return error instanceof Error && error.name === 'CACError';
}
