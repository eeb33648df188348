/** The JSON-RPC error codes MCP Eval sends, expects or classifies by (the 2026-07-28 numbering, and the two older ones still met). */
export const ERROR_CODES = {
  invalidParams: -32602,
  methodNotFound: -32601,
  /** A Streamable HTTP header disagrees with the body (SEP-2243). */
  headerMismatch: -32020,
  missingClientCapability: -32021,
  /** `UnsupportedProtocolVersion`, with `data.supported` (the version probe's counter-offer). */
  unsupportedVersion: -32022,
  /** Resource not found before 2026-07-28 (still accepted from legacy servers). */
  legacyResourceNotFound: -32002,
} as const;
