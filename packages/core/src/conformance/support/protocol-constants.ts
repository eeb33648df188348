/**
 * Protocol facts the conformance assertions send and compare against. Core never imports the
 * transports, so the few names they share are spelled here too (they are the spec's, not ours).
 */

/** The one 2026-07-28-era revision MCP Eval speaks. */
export const MODERN_VERSION = '2026-07-28';

/** A well-formed revision no server supports: what the unsupported-version probes claim. */
export const UNSUPPORTED_VERSION = '2099-01-01';

/** A legacy-shaped revision no server supports: what the initialize counter-offer probe asks for. */
export const UNSUPPORTED_LEGACY_VERSION = '1999-01-01';

export const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';
export const CLIENT_INFO_META = 'io.modelcontextprotocol/clientInfo';
export const CLIENT_CAPABILITIES_META = 'io.modelcontextprotocol/clientCapabilities';

/** The renumbered 2026-07-28 error codes (and the two older ones the assertions accept). */
export const ERROR_CODES = {
  invalidParams: -32602,
  methodNotFound: -32601,
  headerMismatch: -32020,
  missingClientCapability: -32021,
  unsupportedVersion: -32022,
  /** Resource not found before 2026-07-28 (still accepted from legacy servers). */
  legacyResourceNotFound: -32002,
} as const;

/** `resultType` values the 2026-07-28 revision defines. */
export const KNOWN_RESULT_TYPES: readonly string[] = ['complete', 'input_required'];

/** The methods whose results may be `input_required` (SEP-2322). */
export const INPUT_REQUIRED_METHODS: readonly string[] = ['tools/call', 'prompts/get', 'resources/read'];
