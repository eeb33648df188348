import { createHash } from 'node:crypto';
import type { JsonObject } from '@mcp-eval/protocol';

import { canonicalJson } from '../canonical-json.js';

/**
 * A SHA-256 of `value` as canonical JSON (key order ignored): two answers compare in memory without
 * either being kept. Never recorded: only whether digests agree is.
 */
export function jsonDigest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/**
 * The digest of what a `tools/call` result says (content, structured content, error flag). `_meta`
 * and `resultType` are the envelope's, not the answer's (a server's instance info may differ where
 * its answers do not).
 */
export function resultDigest(result: JsonObject): string {
  return jsonDigest({ content: result.content, structuredContent: result.structuredContent, isError: result.isError });
}
