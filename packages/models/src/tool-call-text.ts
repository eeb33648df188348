/** How much of a model's text is scanned for a written-out tool call (the rest is ignored). */
export const TOOL_CALL_TEXT_SCAN_CHARS = 16_384;

/**
 * Whether text looks like a tool call written out instead of made: a JSON-ish `"name": "<tool>"`
 * (or `"tool"`/`"function"`), a `<tool_call>` tag, or `<tool>(` for a tool the model was given.
 * The text is only scanned here; nothing of it is kept.
 */
export function looksLikeToolCallText(text: string, toolNames: readonly string[]): boolean {
  const scanned = text.slice(0, TOOL_CALL_TEXT_SCAN_CHARS);
  // Most decisions carry no text: nothing to scan, and no regex to build per tool.
  if (scanned === '') return false;
  if (/<\/?tool_call>|<\|?tool_call\|?>|\[TOOL_CALLS\]/i.test(scanned)) return true;
  for (const name of toolNames) {
    // Both patterns contain the name verbatim.
    if (!scanned.includes(name)) continue;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const keyed = new RegExp(`"(?:name|tool|tool_name|function)"\\s*:\\s*"${escaped}"`);
    const invoked = new RegExp(`(?:^|[^A-Za-z0-9_.-])${escaped}\\s*\\(`);
    if (keyed.test(scanned) || invoked.test(scanned)) return true;
  }
  return false;
}
