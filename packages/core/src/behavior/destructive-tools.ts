import { isRecord } from '@mcp-eval/protocol';

/**
 * What a tool's annotations promise, read by the MCP spec's defaults: `readOnlyHint` defaults to
 * false and `destructiveHint` to true, so a tool is potentially destructive unless the server says
 * `readOnlyHint: true` or `destructiveHint: false`. Only literal booleans count.
 */
export type AnnotatedEffect = 'read-only' | 'non-destructive' | 'destructive';

export function annotatedEffect(annotations: unknown): AnnotatedEffect {
  if (!isRecord(annotations)) return 'destructive';
  if (annotations.readOnlyHint === true) return 'read-only';
  if (annotations.destructiveHint === false) return 'non-destructive';
  return 'destructive';
}

export function isPotentiallyDestructive(annotations: unknown): boolean {
  return annotatedEffect(annotations) === 'destructive';
}
