/**
 * What only the conformance assertions send and compare against. The protocol's own facts
 * (revisions, `_meta` keys, error codes) come from `@mcp-eval/protocol`, as the instrument's do.
 */

/** A well-formed revision no server supports: what the unsupported-version probes claim. */
export const UNSUPPORTED_VERSION = '2099-01-01';

/** A legacy-shaped revision no server supports: what the initialize counter-offer probe asks for. */
export const UNSUPPORTED_LEGACY_VERSION = '1999-01-01';

/** `resultType` values the 2026-07-28 revision defines. */
export const KNOWN_RESULT_TYPES: readonly string[] = ['complete', 'input_required'];

/** The methods whose results may be `input_required` (SEP-2322). */
export const INPUT_REQUIRED_METHODS: readonly string[] = ['tools/call', 'prompts/get', 'resources/read'];

/**
 * The `_meta` keys under the reserved `io.modelcontextprotocol/` prefix each revision defines for
 * a server to write (a server may not invent others under a reserved prefix).
 */
export const RESERVED_META_KEYS: Readonly<Record<'legacy' | 'modern', readonly string[]>> = {
  legacy: ['io.modelcontextprotocol/related-task'],
  modern: [
    'io.modelcontextprotocol/serverInfo',
    'io.modelcontextprotocol/protocolVersion',
    'io.modelcontextprotocol/subscriptionId',
    'io.modelcontextprotocol/clientInfo',
    'io.modelcontextprotocol/clientCapabilities',
    'io.modelcontextprotocol/logLevel',
  ],
};
