import type { Connection, Exchange, JsonObject } from '@mcp-eval/protocol';

import type { CheckContext } from '../check.js';

/** Sends `tools/call` with the context's time limit and abort signal. */
export function callTool(
  ctx: Pick<CheckContext, 'timeoutMs' | 'signal'>,
  connection: Connection,
  tool: string,
  args: JsonObject,
): Promise<Exchange> {
  return connection.request('tools/call', { name: tool, arguments: args }, { timeoutMs: ctx.timeoutMs, signal: ctx.signal });
}
