import type { ModelTool } from '../models/model-port.js';
import type { Conversation } from '../behavior/conversation.js';
import { runConversation } from '../behavior/conversation.js';
import type { BehaviorCheck } from '../behavior/fold-trials.js';
import type { InputSchema } from '../behavior/input-schema.js';
import type { LiveResult } from '../behavior/live-result.js';
import { NO_CALL_POLICY } from '../behavior/no-call.js';
import { judgeArguments } from '../behavior/judge-arguments.js';
import type { Judge } from '../behavior/judge.js';
import { hasSemantic, judgeSemantic } from '../behavior/semantic-match.js';
import { classifySelection, selectionPolicy } from '../behavior/tool-selection.js';
import type { SequenceExpectation } from '../behavior/tool-sequence.js';
import { classifySequence, sequencePolicy } from '../behavior/tool-sequence.js';
import type { TrialOutcome } from '../behavior/trial-outcome.js';
import { noCallTrial, selectionTrial, sequenceTrial } from '../behavior/trial-outcome.js';
import type { BehaviorCase } from './behavior-case.js';
import type { BehaviorColumn } from './behavior-column.js';
import { runTaskTrial } from './behavior-task-trial.js';

/** What one trial needs beyond the case and column. */
export interface TrialContext {
  readonly tools: readonly ModelTool[];
  readonly schemas: ReadonlyMap<string, InputSchema>;
  readonly emptySchema: InputSchema;
  readonly systemPrompt?: string;
  /** Live results through the one mutation gate; absent when no server connection is open. */
  readonly live?: LiveResult;
  /** The run's judge: scores task-completion rubrics and `semantic` arguments. */
  readonly judge?: Judge;
  readonly signal?: AbortSignal;
}

/** One trial of one case on one column: a conversation, judged into one outcome per record. */
export async function runTrial(
  c: BehaviorCase,
  column: BehaviorColumn,
  ctx: TrialContext,
): Promise<ReadonlyMap<BehaviorCheck, TrialOutcome>> {
  if (c.kind === 'task-completion') return new Map([['task-completion', await runTaskTrial(c, column, ctx)]]);
  const policy =
    c.kind === 'tool-selection'
      ? selectionPolicy(c.expected, ctx.live)
      : c.kind === 'tool-sequence'
        ? sequencePolicy(c.expected, ctx.live)
        : NO_CALL_POLICY;
  const conversation: Conversation = await runConversation({
    port: column.port,
    tools: ctx.tools,
    task: c.task,
    ...(ctx.systemPrompt === undefined ? {} : { systemPrompt: ctx.systemPrompt }),
    params: column.params,
    ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
    ...policy,
  });
  const out = new Map<BehaviorCheck, TrialOutcome>();
  if (c.kind === 'no-call') {
    out.set('no-call', noCallTrial(conversation));
  } else if (c.kind === 'tool-selection') {
    const schema = ctx.schemas.get(c.expected.tool) ?? ctx.emptySchema;
    const args = c.arguments === undefined ? undefined : { expected: c.arguments, schema };
    const judged = selectionTrial(conversation, c.expected, args);
    out.set('tool-selection', judged.selection);
    if (judged.arguments !== undefined) out.set('argument-correctness', judged.arguments);
    // `semantic` arguments: asked of the judge only when every deterministic match held.
    if (args !== undefined && judged.arguments?.label === 'args-match' && hasSemantic(args.expected)) {
      const call = classifySelection(conversation.turns, c.expected).call;
      const input = call?.kind === 'call' ? call.input : undefined;
      const semantic = await judgeSemantic(ctx.judge, input, args.expected, ctx.signal);
      if (semantic.kind === 'unanswered') {
        out.set('argument-correctness', { status: semantic.status, label: semantic.label, measurements: semantic.measurements });
      } else {
        const label = judgeArguments(input, args.expected, args.schema, semantic.answers);
        out.set('argument-correctness', { status: label === 'args-match' ? 'pass' : 'fail', label, measurements: semantic.measurements });
      }
    }
  } else {
    const judged = sequenceTrial(conversation, c.expected, ctx.schemas);
    out.set('tool-sequence', judged.sequence);
    if (judged.arguments !== undefined) out.set('argument-correctness', judged.arguments);
    if (judged.arguments?.label === 'args-match' && c.expected.steps.some((s) => hasSemantic(s.arguments))) {
      out.set('argument-correctness', await semanticSteps(conversation, c.expected, ctx));
    }
  }
  return out;
}

/** The `semantic` arguments of a sequence's reached steps, judged in step order; the first miss is the label. */
async function semanticSteps(conversation: Conversation, expected: SequenceExpectation, ctx: TrialContext): Promise<TrialOutcome> {
  const matched = classifySequence(conversation.turns, expected).matched;
  let measurements: Record<string, number> = {};
  for (const [index, step] of expected.steps.entries()) {
    const call = matched[index];
    const schema = ctx.schemas.get(step.tool);
    if (step.arguments === undefined || !hasSemantic(step.arguments) || call === undefined || schema === undefined) continue;
    const input = call.kind === 'call' ? call.input : undefined;
    const semantic = await judgeSemantic(ctx.judge, input, step.arguments, ctx.signal);
    measurements = sumJudgeSpend(measurements, semantic.measurements);
    if (semantic.kind === 'unanswered') return { status: semantic.status, label: semantic.label, measurements };
    const label = judgeArguments(input, step.arguments, schema, semantic.answers);
    if (label !== 'args-match') return { status: 'fail', label, measurements };
  }
  return { status: 'pass', label: 'args-match', measurements };
}

function sumJudgeSpend(a: Record<string, number>, b: Readonly<Record<string, number>>): Record<string, number> {
  const out = { ...a };
  for (const [key, value] of Object.entries(b))
    out[key] = key === 'judgeAgreement' ? Math.min(out[key] ?? 1, value) : (out[key] ?? 0) + value;
  return out;
}
