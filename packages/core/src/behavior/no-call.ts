import type { ConversationOptions, Turn } from './conversation.js';

export const NO_CALL_LABELS = {
  'no-call': 'The model answered without calling any tool, as the case expects.',
  'over-triggered': 'The model called a tool (a catalog tool or an unknown name) where none was wanted.',
} as const;

export type NoCallLabel = keyof typeof NO_CALL_LABELS;

/**
 * A no-call trial passes when the single response makes no call. A tool call written as text is
 * not a call (a host would show it as an answer), so it passes here; tool-selection reports it.
 */
export function classifyNoCall(turns: readonly Turn[]): { readonly label: NoCallLabel; readonly pass: boolean } {
  const called = turns.some((t) => t.calls.length > 0);
  return called ? { label: 'over-triggered', pass: false } : { label: 'no-call', pass: true };
}

/** One response, nothing fed back. */
export const NO_CALL_POLICY: Pick<ConversationOptions, 'maxTurns' | 'more' | 'feed'> = {
  maxTurns: 1,
  more: () => false,
  feed: () => Promise.resolve({ kind: 'result', value: {} }),
};
