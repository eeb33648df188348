/** The one 2026-07-28-era (stateless) revision MCP Eval speaks. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
/** The legacy revision MCP Eval offers in `initialize`. */
export const LEGACY_PROTOCOL_VERSION = '2025-11-25';
/** Every legacy revision a server may counter-offer in `initialize` that MCP Eval speaks. */
export const LEGACY_PROTOCOL_VERSIONS: readonly string[] = [
  LEGACY_PROTOCOL_VERSION,
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
];

/** `modern` is the stateless 2026-07-28 revision; `legacy` is the initialize/session era. */
export type ProtocolEra = 'modern' | 'legacy';

/** What the user asked for: negotiate, or pin one era. */
export type ProtocolChoice = 'auto' | typeof MODERN_PROTOCOL_VERSION | typeof LEGACY_PROTOCOL_VERSION;

/** Every choice, in the order help texts and the manifest schema list them. */
export const PROTOCOL_CHOICES: readonly ProtocolChoice[] = ['auto', MODERN_PROTOCOL_VERSION, LEGACY_PROTOCOL_VERSION];
