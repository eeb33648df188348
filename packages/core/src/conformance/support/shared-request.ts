import type { Connection, Exchange, JsonObject } from '@mcp-eval/protocol';

import type { CheckContext } from '../../check.js';

/** The reads several assertions judge: side-effect free, so one answer serves them all. */
export type SharedMethod = 'resources/read' | 'prompts/get';

const answers = new WeakMap<Connection, Map<string, Promise<Exchange>>>();

/**
 * A `resources/read` or `prompts/get` sent once per run's connection and params, its exchange
 * shared by every assertion that reads the same thing (listed-resources-readable, content-encoding
 * and the result-shape checks all read the listed resources): a server is asked once, not once per
 * assertion, and every assertion judges the same answer.
 */
export function sharedRequest(ctx: CheckContext, method: SharedMethod, params: JsonObject): Promise<Exchange> {
  let byKey = answers.get(ctx.connection);
  if (!byKey) {
    byKey = new Map();
    answers.set(ctx.connection, byKey);
  }
  const key = `${method} ${JSON.stringify(params)}`;
  let answer = byKey.get(key);
  if (!answer) {
    answer = ctx.connection.request(method, params, { timeoutMs: ctx.timeoutMs, signal: ctx.signal });
    byKey.set(key, answer);
  }
  return answer;
}
