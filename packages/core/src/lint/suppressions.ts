import type { LintLayer, SourceLocation } from '../record.js';

/**
 * One accepted lint finding as scoring reads it: this rule's findings on this tool are discounted.
 * Built from reviewed entries (`reviewedSuppressions`), whichever file they came from.
 */
export interface Suppression {
  readonly layer: LintLayer;
  readonly tool: string;
  readonly rule: string;
  readonly justification: string;
  /** Where the entry starts in its file. */
  readonly location: SourceLocation;
}

/**
 * A suppression's `tool` that matches every finding of its rule, the catalog's own included: what a
 * reviewed-file lint entry without a tool becomes. Not a valid tool name, so it never collides.
 */
export const ANY_TOOL = '*';

/** `layer:tool:rule`, MCP Lens's key for a suppression. */
export function suppressionKey(layer: string, tool: string, rule: string): string {
  return `${layer}:${tool}:${rule}`;
}
