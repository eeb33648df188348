import type { JsonObject } from '@mcp-eval/protocol';

import { canonicalJson, fingerprintHash } from '../catalog/fingerprint-hash.js';

/**
 * A keyed hash of what a `tools/call` result says (content, structured content, error flag), key
 * order ignored: two answers compare without either being kept. `_meta` and `resultType` are the
 * envelope's, not the answer's (a server's instance info may differ where its answers do not).
 */
export function resultDigest(result: JsonObject): string {
  return fingerprintHash(canonicalJson({ content: result.content, structuredContent: result.structuredContent, isError: result.isError }));
}
