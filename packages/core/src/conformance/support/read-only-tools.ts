import type { JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

/**
 * The tools the server itself declares read-only (`annotations.readOnlyHint: true`), in catalog
 * order. These are the only tools conformance ever calls: an evaluator pointed at a production
 * server must not trigger side effects to observe a result shape.
 */
export function readOnlyTools(tools: readonly JsonObject[]): JsonObject[] {
  return tools.filter((tool) => isRecord(tool.annotations) && tool.annotations.readOnlyHint === true && typeof tool.name === 'string');
}
