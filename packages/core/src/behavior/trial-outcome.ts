import type { Measurements, Status } from '../record.js';
import type { Conversation } from './conversation.js';
import { failureNumbers } from './failure-numbers.js';
import type { ArgumentExpectations } from './judge-arguments.js';
import { judgeArguments } from './judge-arguments.js';
import type { InputSchema } from './input-schema.js';
import { classifyNoCall } from './no-call.js';
import type { SelectionExpectation } from './tool-selection.js';
import { classifySelection } from './tool-selection.js';
import type { SequenceExpectation } from './tool-sequence.js';
import { classifySequence } from './tool-sequence.js';

/**
 * One trial of one check: what the outcome cache stores and the fold reads. Only a status, a label
 * from a closed set and numbers: never model text, arguments or tool output.
 */
export interface TrialOutcome {
  readonly status: Status;
  readonly label: string;
  readonly measurements: Measurements;
}

/** A skipped argument trial: the selection was wrong, so there were no arguments to judge. */
export const NO_CORRECT_SELECTION: TrialOutcome = { status: 'skip', label: 'no-correct-selection', measurements: {} };

function spend(conversation: Conversation): Measurements {
  return {
    requests: conversation.requests,
    inputTokens: conversation.inputTokens,
    outputTokens: conversation.outputTokens,
    latencyMs: conversation.latencyMs,
    temperatureApplied: conversation.temperatureApplied,
  };
}

/** A conversation the port or the gate cut short: the engine's labels (docs/model-layer.md). */
function interrupted(conversation: Conversation): TrialOutcome | undefined {
  if (conversation.end === 'mutation-not-allowed')
    return { status: 'skip', label: 'mutation-not-allowed', measurements: spend(conversation) };
  const failure = conversation.failure;
  if (failure === undefined) return undefined;
  const extra = failureNumbers(failure);
  const status: Status = failure.failure === 'model-unavailable' ? 'skip' : 'error';
  return { status, label: failure.failure, measurements: { ...spend(conversation), ...extra } };
}

const verdict = (pass: boolean): Status => (pass ? 'pass' : 'fail');

export interface ArgumentSpec {
  readonly expected: ArgumentExpectations;
  readonly schema: InputSchema;
}

/** A tool-selection trial, and its argument-correctness trial when the case lists arguments. */
export function selectionTrial(
  conversation: Conversation,
  expected: SelectionExpectation,
  args?: ArgumentSpec,
): { readonly selection: TrialOutcome; readonly arguments?: TrialOutcome } {
  const cut = interrupted(conversation);
  if (cut !== undefined) return { selection: cut, ...(args === undefined ? {} : { arguments: { ...cut, measurements: {} } }) };
  const judged = classifySelection(conversation.turns, expected);
  const selection = { status: verdict(judged.pass), label: judged.label, measurements: spend(conversation) };
  if (args === undefined) return { selection };
  if (judged.call === undefined) return { selection, arguments: NO_CORRECT_SELECTION };
  const label = judgeArguments(judged.call.kind === 'call' ? judged.call.input : undefined, args.expected, args.schema);
  return { selection, arguments: { status: verdict(label === 'args-match'), label, measurements: {} } };
}

/**
 * A tool-sequence trial, and an argument-correctness trial over the steps that declare arguments
 * and were reached (`schemas` by tool name; the first failing step's label wins).
 */
export function sequenceTrial(
  conversation: Conversation,
  expected: SequenceExpectation,
  schemas: ReadonlyMap<string, InputSchema>,
): { readonly sequence: TrialOutcome; readonly arguments?: TrialOutcome } {
  const declares = expected.steps.some((s) => s.arguments !== undefined);
  const cut = interrupted(conversation);
  if (cut !== undefined) return { sequence: cut, ...(declares ? { arguments: { ...cut, measurements: {} } } : {}) };
  const judged = classifySequence(conversation.turns, expected);
  const { firstErrorPosition, expectedSteps, stepsTaken } = judged;
  const sequence = {
    status: verdict(judged.pass),
    label: judged.label,
    measurements: { ...spend(conversation), firstErrorPosition, expectedSteps, stepsTaken },
  };
  if (!declares) return { sequence };
  let judgedAny = false;
  for (const [index, step] of expected.steps.entries()) {
    const call = judged.matched[index];
    const schema = schemas.get(step.tool);
    if (step.arguments === undefined || call === undefined || schema === undefined) continue;
    judgedAny = true;
    const label = judgeArguments(call.kind === 'call' ? call.input : undefined, step.arguments, schema);
    if (label !== 'args-match') return { sequence, arguments: { status: 'fail', label, measurements: {} } };
  }
  return { sequence, arguments: judgedAny ? { status: 'pass', label: 'args-match', measurements: {} } : NO_CORRECT_SELECTION };
}

/** A no-call trial. */
export function noCallTrial(conversation: Conversation): TrialOutcome {
  const cut = interrupted(conversation);
  if (cut !== undefined) return cut;
  const judged = classifyNoCall(conversation.turns);
  return { status: verdict(judged.pass), label: judged.label, measurements: spend(conversation) };
}
