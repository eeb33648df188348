import type { Connection, Exchange, JsonObject, RequestOptions } from '@mcp-eval/protocol';

import type { CheckContext } from '../check.js';

/** Sends `tools/call` with the context's time limit and abort signal. */
export function callTool(
  ctx: Pick<CheckContext, 'timeoutMs' | 'signal'>,
  connection: Connection,
  tool: string,
  args: JsonObject,
  extra: Pick<RequestOptions, 'maxResponseBytes'> = {},
): Promise<Exchange> {
  return connection.request('tools/call', { name: tool, arguments: args }, { ...extra, timeoutMs: ctx.timeoutMs, signal: ctx.signal });
}
