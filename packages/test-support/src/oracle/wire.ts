/** One JSON-RPC answer as the oracle saw it: a result, an error code, or no answer at all. */
export type WireAnswer =
  | { readonly kind: 'result'; readonly result: Record<string, unknown> }
  | { readonly kind: 'error'; readonly code: number }
  | { readonly kind: 'failed'; readonly reason: 'timeout' | 'closed' | 'http-status' | 'malformed' };

/** A raw JSON-RPC connection: one request, one answer; notifications need no answer. */
export interface Wire {
  request(method: string, params: Record<string, unknown> | undefined, timeoutMs: number): Promise<WireAnswer>;
  notify(method: string, params?: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

/** A JSON-RPC response frame's answer; `undefined` when the frame is not a response. */
export function answerOf(frame: unknown): { readonly id: unknown; readonly answer: WireAnswer } | undefined {
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) return undefined;
  const message = frame as Record<string, unknown>;
  if (!('id' in message) || 'method' in message) return undefined;
  const { result, error } = message;
  if (typeof error === 'object' && error !== null) {
    const code = (error as Record<string, unknown>).code;
    return { id: message.id, answer: typeof code === 'number' ? { kind: 'error', code } : { kind: 'failed', reason: 'malformed' } };
  }
  if (typeof result === 'object' && result !== null && !Array.isArray(result)) {
    return { id: message.id, answer: { kind: 'result', result: result as Record<string, unknown> } };
  }
  return { id: message.id, answer: { kind: 'failed', reason: 'malformed' } };
}
