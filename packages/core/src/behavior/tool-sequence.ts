import type { JsonValue } from '@mcp-eval/protocol';
import type { CatalogCall, ConversationOptions, FedResult, Turn } from './conversation.js';
import { MAX_CONVERSATION_TURNS } from './conversation.js';
import type { ArgumentExpectations } from './judge-arguments.js';
import type { LiveResult } from './live-result.js';
import { EMPTY_STUB } from './live-result.js';

export const TOOL_SEQUENCE_LABELS = {
  'sequence-match': 'Every expected step was called, in order, within `max_extra_steps` other calls.',
  'sequence-order': 'An expected step was called before an earlier one (at `firstErrorPosition`).',
  'sequence-missing-step': 'The chain ended before every expected step was called.',
  'sequence-extra-step': 'Calls outside the steps went beyond `max_extra_steps` (in `strict`, any call between two expected steps).',
  'unknown-tool': 'The model called a name outside the catalog (never printed), at `firstErrorPosition`.',
} as const;

export type ToolSequenceLabel = keyof typeof TOOL_SEQUENCE_LABELS;

export type SequenceOrder = 'strict' | 'in_order';

export interface SequenceStep {
  readonly tool: string;
  readonly arguments?: ArgumentExpectations;
  /** A stubbed result, or `live` (through the engine's gated callback). */
  readonly result: { readonly stub: JsonValue } | 'live';
}

export interface SequenceExpectation {
  readonly steps: readonly SequenceStep[];
  readonly order: SequenceOrder;
  readonly maxExtraSteps: number;
}

export interface SequenceVerdict {
  readonly label: ToolSequenceLabel;
  readonly pass: boolean;
  /** 1-based position in call order of the first deviation; 0 when none. */
  readonly firstErrorPosition: number;
  readonly expectedSteps: number;
  /** Tool calls made. */
  readonly stepsTaken: number;
  /** For each step, the call that matched it (undefined when never reached). */
  readonly matched: readonly (CatalogCall | undefined)[];
}

type Progress =
  | {
      readonly state: 'deviated';
      readonly label: Exclude<ToolSequenceLabel, 'sequence-match' | 'sequence-missing-step'>;
      readonly position: number;
    }
  | { readonly state: 'complete' | 'open' };

/** Walks the calls in order; the first deviation decides (docs/checks/tool-sequence.md). */
function walk(calls: readonly Turn['calls'][number][], expected: SequenceExpectation, matched: (CatalogCall | undefined)[]): Progress {
  const { steps } = expected;
  let next = 0;
  let extras = 0;
  for (const [index, call] of calls.entries()) {
    const position = index + 1;
    if (call.kind === 'unknown-tool') return { state: 'deviated', label: 'unknown-tool', position };
    if (next < steps.length && steps[next]?.tool === call.name) {
      matched[next] = call;
      next += 1;
      continue;
    }
    if (steps.slice(next + 1).some((s) => s.tool === call.name)) return { state: 'deviated', label: 'sequence-order', position };
    extras += 1;
    const between = next > 0 && next < steps.length;
    if ((expected.order === 'strict' && between) || extras > expected.maxExtraSteps) {
      return { state: 'deviated', label: 'sequence-extra-step', position };
    }
  }
  return { state: next === steps.length ? 'complete' : 'open' };
}

const callsOf = (turns: readonly Turn[]) => turns.flatMap((t) => t.calls);

/** Classifies a finished sequence trial. */
export function classifySequence(turns: readonly Turn[], expected: SequenceExpectation): SequenceVerdict {
  const calls = callsOf(turns);
  const matched: (CatalogCall | undefined)[] = expected.steps.map(() => undefined);
  const progress = walk(calls, expected, matched);
  const base = { expectedSteps: expected.steps.length, stepsTaken: calls.length, matched };
  if (progress.state === 'deviated') return { ...base, label: progress.label, pass: false, firstErrorPosition: progress.position };
  if (progress.state === 'open') return { ...base, label: 'sequence-missing-step', pass: false, firstErrorPosition: calls.length + 1 };
  return { ...base, label: 'sequence-match', pass: true, firstErrorPosition: 0 };
}

/**
 * The conversation policy of a sequence trial: ask again while the chain is neither complete nor
 * already off course, up to every step plus `max_extra_steps` plus one (capped at
 * `MAX_CONVERSATION_TURNS`). A step's call gets its stub or its live result (a refused live result
 * ends the trial `mutation-not-allowed`); any other call gets `{}`.
 */
export function sequencePolicy(expected: SequenceExpectation, live?: LiveResult): Pick<ConversationOptions, 'maxTurns' | 'more' | 'feed'> {
  const fedSteps = new Set<number>();
  return {
    maxTurns: Math.min(MAX_CONVERSATION_TURNS, expected.steps.length + expected.maxExtraSteps + 1),
    more: (turns) =>
      walk(
        callsOf(turns),
        expected,
        expected.steps.map(() => undefined),
      ).state === 'open',
    feed: async (call): Promise<FedResult> => {
      const index = expected.steps.findIndex((s, i) => s.tool === call.name && !fedSteps.has(i));
      const step = expected.steps[index];
      if (step === undefined) return { kind: 'result', value: EMPTY_STUB };
      fedSteps.add(index);
      if (step.result !== 'live') return { kind: 'result', value: step.result.stub };
      if (live === undefined) return { kind: 'refused' };
      return live(call.name, call.kind === 'call' ? call.input : {});
    },
  };
}

/** The tools whose steps ask for live results: what the engine passes the mutation gate before a trial. */
export function liveTools(expected: SequenceExpectation): string[] {
  return [...new Set(expected.steps.filter((s) => s.result === 'live').map((s) => s.tool))];
}
