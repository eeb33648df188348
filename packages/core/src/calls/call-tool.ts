import type { Connection, Exchange, JsonObject, RequestOptions } from '@mcp-eval/protocol';

import type { CheckContext } from '../check.js';

/** A tool call's time limit: the run's call cut-off when it sets one, else the per-request limit. */
export function callTimeoutOf(ctx: Pick<CheckContext, 'timeoutMs' | 'callTimeoutMs'>): number {
  return ctx.callTimeoutMs ?? ctx.timeoutMs;
}

/** Sends `tools/call` with the context's call time limit (`callTimeoutOf`) and abort signal. */
export function callTool(
  ctx: Pick<CheckContext, 'timeoutMs' | 'callTimeoutMs' | 'signal'>,
  connection: Connection,
  tool: string,
  args: JsonObject,
  extra: Pick<RequestOptions, 'maxResponseBytes'> = {},
): Promise<Exchange> {
  return connection.request('tools/call', { name: tool, arguments: args }, { ...extra, timeoutMs: callTimeoutOf(ctx), signal: ctx.signal });
}
