import type { CatalogCall, ConversationOptions, FedResult, Turn } from './conversation.js';
import type { LiveResult } from './live-result.js';
import { EMPTY_STUB } from './live-result.js';

export const TOOL_SELECTION_LABELS = {
  'selected-expected': 'The first response made exactly one call, to the expected tool.',
  'selected-prerequisite': 'The first response called one accepted prerequisite, and the next made exactly one call, to the expected tool.',
  'selected-other': 'The model called a catalog tool other than the expected one (and not an accepted prerequisite followed by it).',
  'no-call': 'The model made no tool call (or stopped after a prerequisite).',
  'unknown-tool': 'The model called a name outside the catalog (never printed).',
  'tool-call-as-text': 'The model wrote a tool call out as text instead of making it.',
  'extra-calls': 'The response that called the expected tool also called another tool.',
} as const;

export type ToolSelectionLabel = keyof typeof TOOL_SELECTION_LABELS;

export interface SelectionExpectation {
  readonly tool: string;
  readonly acceptPrerequisite: readonly string[];
}

export interface SelectionVerdict {
  readonly label: ToolSelectionLabel;
  readonly pass: boolean;
  /** The call to the expected tool on a pass, whose arguments argument-correctness judges. */
  readonly call?: CatalogCall;
}

const named = (calls: Turn['calls'], tool: string): CatalogCall[] =>
  calls.filter((c): c is CatalogCall => c.kind !== 'unknown-tool' && c.name === tool);

function onlyPrerequisite(turn: Turn, expected: SelectionExpectation): boolean {
  const [call] = turn.calls;
  return (
    turn.calls.length === 1 &&
    call !== undefined &&
    call.kind !== 'unknown-tool' &&
    call.name !== expected.tool &&
    expected.acceptPrerequisite.includes(call.name)
  );
}

/** The verdict on the response that should call the expected tool. */
function judgeTurn(turn: Turn, expected: SelectionExpectation, passLabel: ToolSelectionLabel): SelectionVerdict {
  if (turn.calls.length === 0) return { label: turn.textLooksLikeToolCall ? 'tool-call-as-text' : 'no-call', pass: false };
  if (turn.calls.some((c) => c.kind === 'unknown-tool')) return { label: 'unknown-tool', pass: false };
  const hits = named(turn.calls, expected.tool);
  const [call] = hits;
  if (call === undefined) return { label: 'selected-other', pass: false };
  if (turn.calls.length > 1) return { label: 'extra-calls', pass: false };
  return { label: passLabel, pass: true, call };
}

/** Classifies a tool-selection trial from its responses (docs/checks/tool-selection.md). */
export function classifySelection(turns: readonly Turn[], expected: SelectionExpectation): SelectionVerdict {
  const [first, second] = turns;
  if (first === undefined) return { label: 'no-call', pass: false };
  if (!onlyPrerequisite(first, expected)) return judgeTurn(first, expected, 'selected-expected');
  // After a prerequisite: nothing more is `no-call`, anything but the expected tool alone fails.
  if (second === undefined) return { label: 'no-call', pass: false };
  return judgeTurn(second, expected, 'selected-prerequisite');
}

/**
 * The conversation policy of a selection trial: one response, and a second only after a lone
 * accepted prerequisite, which is fed a live result when the gate allows it, else `{}`.
 */
export function selectionPolicy(
  expected: SelectionExpectation,
  live?: LiveResult,
): Pick<ConversationOptions, 'maxTurns' | 'more' | 'feed'> {
  return {
    maxTurns: 2,
    more: (turns) => turns.length === 1 && turns[0] !== undefined && onlyPrerequisite(turns[0], expected),
    feed: async (call): Promise<FedResult> => {
      if (live !== undefined) {
        const fed = await live(call.name, call.kind === 'call' ? call.input : {});
        if (fed.kind === 'result') return fed;
      }
      return { kind: 'result', value: EMPTY_STUB };
    },
  };
}
