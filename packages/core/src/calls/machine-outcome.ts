import type { JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

/**
 * The machine-readable outcome of a call result: its `structuredContent`, or, when there is none,
 * its first text content parsed as JSON if it parses. `undefined` otherwise.
 */
export function machineOutcome(result: JsonObject): unknown {
  if (result.structuredContent !== undefined) return result.structuredContent;
  const content = Array.isArray(result.content) ? result.content : [];
  const text = content.find((c) => isRecord(c) && c.type === 'text');
  if (!isRecord(text) || typeof text.text !== 'string') return undefined;
  try {
    return JSON.parse(text.text) as unknown;
  } catch {
    return undefined;
  }
}
