import { CLEAN_TOOLS } from '../../testing/clean-catalog.js';
import type { LintRule } from '../lint-rule.js';
import { readCatalog } from '../read-catalog.js';

// The one clean catalog, kept in `@mcp-eval/core/testing` so the CLI's lint tests read the same one.
export { CLEAN_TOOLS };

/** A deep copy of one clean tool with fields replaced (a field set to `undefined` is removed). */
export function cleanTool(index: 0 | 1 | 2, changes: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...structuredClone(CLEAN_TOOLS[index]), ...changes };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined));
}

/** `index:label` for every hit of one rule on a catalog, in the rule's order. */
export function ruleHits(rule: LintRule, tools: readonly unknown[]): string[] {
  return rule.check(readCatalog(tools)).map((hit) => `${hit.tool}:${hit.label}`);
}
