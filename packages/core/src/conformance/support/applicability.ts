import type { Connection } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { Outcome } from '../../check.js';

/**
 * Why an assertion did not apply. A conformance assertion that does not apply returns `skip` with
 * one of these, never a pass: a tools-only server is not failed for lacking prompts, nor praised
 * for them.
 */
export const SKIP_LABELS = {
  'era-legacy': 'Skipped: the server speaks the legacy (2025-11-25) era and this assertion is about the 2026-07-28 revision.',
  'era-modern': 'Skipped: the server speaks the 2026-07-28 revision and this assertion is about the legacy (2025-11-25) era.',
  'not-applicable-stdio': 'Skipped: the assertion is about Streamable HTTP and the server was reached over stdio.',
  'capability-not-declared': 'Skipped: the server does not declare the capability this assertion exercises.',
} as const;

export type SkipLabel = keyof typeof SKIP_LABELS;

type Skip<L extends SkipLabel> = Outcome<L> & { readonly status: 'skip' };

function skip<L extends SkipLabel>(label: L): Skip<L> {
  return { status: 'skip', label };
}

/** A skip unless the connection speaks the 2026-07-28 revision. */
export function unlessModern(connection: Connection): Skip<'era-legacy'> | undefined {
  return connection.era === 'modern' ? undefined : skip('era-legacy');
}

/** A skip unless the connection speaks the legacy era. */
export function unlessLegacy(connection: Connection): Skip<'era-modern'> | undefined {
  return connection.era === 'legacy' ? undefined : skip('era-modern');
}

/** A skip unless messages travel as HTTP requests (Streamable HTTP: headers and status codes). */
export function unlessHttp(connection: Connection): Skip<'not-applicable-stdio'> | undefined {
  return connection.traits.httpHeaders ? undefined : skip('not-applicable-stdio');
}

/** Whether the server declared `capability` (`tools`, `resources`, `prompts`) in its handshake. */
export function declares(connection: Connection, capability: string): boolean {
  return isRecord(connection.serverCapabilities[capability]);
}

/** A skip unless the server declared `capability`. */
export function unlessDeclared(connection: Connection, capability: string): Skip<'capability-not-declared'> | undefined {
  return declares(connection, capability) ? undefined : skip('capability-not-declared');
}
