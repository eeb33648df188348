import type { Connection, JsonObject } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';

import type { LiveResult } from '../behavior/live-result.js';
import { callTool } from '../calls/call-tool.js';
import { gateFromWalk } from '../calls/mutation-gate.js';
import type { ListWalk } from '../catalog/walk-list.js';

/**
 * Largest live tool result fed back to a model (UTF-8 bytes of its JSON). A larger one is replaced
 * by `{ truncated: true }`: a server's answer must not blow a column's token budget on its own.
 */
export const MAX_LIVE_RESULT_BYTES = 64 * 1024;

/** Live results through the one mutation gate; a failed call is fed back as a fixed error, never the server's text. */
export function liveResults(
  connection: Connection,
  walk: ListWalk,
  options: { readonly allowMutation?: boolean; readonly timeoutMs: number },
  readOnly: boolean,
  signal: AbortSignal,
): LiveResult {
  return async (tool, input) => {
    const decision = gateFromWalk({ allowMutation: options.allowMutation ?? false }, walk, [tool], readOnly);
    if (!decision.open) return { kind: 'refused' };
    const exchange = await callTool(
      { timeoutMs: options.timeoutMs, signal },
      connection,
      tool,
      isRecord(input) ? (input as JsonObject) : {},
    );
    if (exchange.outcome !== 'result') return { kind: 'result', value: { isError: true } };
    const bytes = Buffer.byteLength(JSON.stringify(exchange.result));
    return { kind: 'result', value: bytes > MAX_LIVE_RESULT_BYTES ? { truncated: true } : exchange.result };
  };
}
