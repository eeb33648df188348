import type { CaseRecord, Finding } from '@mcp-eval/core';

/** How many tool names the console lists behind a count before it says `+N more`. */
export const MAX_LISTED_TOOLS = 5;

/**
 * The counts a person wants the names behind, and which of the case's findings make each count.
 * The names are the findings' own `tool` fields: validated tool names (or `<invalid-tool-name>`),
 * never other server text.
 */
const COUNTED_TOOLS: readonly { readonly measurement: string; readonly counts: (finding: Finding) => boolean }[] = [
  // lint: the tools a rule failed on (a suppressed finding does not count).
  { measurement: 'failedTools', counts: (finding) => finding.suppressed !== true },
  // token-cost: the tool entries over max_tool_tokens.
  { measurement: 'toolsOverLimit', counts: (finding) => finding.label === 'tool-over-limit' },
];

/** `(echo, get_item, +3 more)` for the first non-zero count above, or `''`. */
export function countedTools(record: CaseRecord): string {
  for (const { measurement, counts } of COUNTED_TOOLS) {
    if ((record.measurements[measurement] ?? 0) <= 0) continue;
    const names = [
      ...new Set((record.findings ?? []).filter(counts).flatMap((finding) => (finding.tool === undefined ? [] : [finding.tool]))),
    ];
    if (names.length === 0) continue;
    const shown = names.slice(0, MAX_LISTED_TOOLS);
    const more = names.length > shown.length ? `, +${names.length - shown.length} more` : '';
    return `(${shown.join(', ')}${more})`;
  }
  return '';
}
