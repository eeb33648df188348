import type { JsonObject } from '@mcp-eval/protocol';

import { annotatedReadOnly } from '../../calls/mutation-gate.js';

/**
 * The tools the server itself declares read-only (the mutation gate's `annotatedReadOnly`), in
 * catalog order. These are the only tools conformance ever calls: an evaluator pointed at a
 * production server must not trigger side effects to observe a result shape.
 */
export function readOnlyTools(tools: readonly JsonObject[]): JsonObject[] {
  return tools.filter((tool) => annotatedReadOnly(tool) && typeof tool.name === 'string');
}
