import type { Exchange, JsonObject } from '@mcp-eval/protocol';

import type { CheckContext } from '../../check.js';
import { perConnection } from './per-connection.js';

/** The reads several assertions judge: side-effect free, so one answer serves them all. */
export type SharedMethod = 'resources/read' | 'prompts/get';

const answers = perConnection<string, Exchange>();

/**
 * A `resources/read` or `prompts/get` sent once per run's connection and params, its exchange
 * shared by every assertion that reads the same thing (listed-resources-readable, content-encoding
 * and the result-shape checks all read the listed resources): a server is asked once, not once per
 * assertion, and every assertion judges the same answer.
 */
export function sharedRequest(ctx: CheckContext, method: SharedMethod, params: JsonObject): Promise<Exchange> {
  const options = { timeoutMs: ctx.timeoutMs, signal: ctx.signal };
  return answers(ctx.connection, `${method} ${JSON.stringify(params)}`, () => ctx.connection.request(method, params, options));
}
