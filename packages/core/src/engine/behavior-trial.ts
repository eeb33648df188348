import type { ModelTool } from '../models/model-port.js';
import type { Conversation } from '../behavior/conversation.js';
import { runConversation } from '../behavior/conversation.js';
import type { BehaviorCheck } from '../behavior/fold-trials.js';
import type { InputSchema } from '../behavior/input-schema.js';
import type { LiveResult } from '../behavior/live-result.js';
import { NO_CALL_POLICY } from '../behavior/no-call.js';
import { selectionPolicy } from '../behavior/tool-selection.js';
import { sequencePolicy } from '../behavior/tool-sequence.js';
import type { TrialOutcome } from '../behavior/trial-outcome.js';
import { noCallTrial, selectionTrial, sequenceTrial } from '../behavior/trial-outcome.js';
import type { BehaviorCase } from './behavior-case.js';
import type { BehaviorColumn } from './behavior-column.js';

/** What one trial needs beyond the case and column. */
export interface TrialContext {
  readonly tools: readonly ModelTool[];
  readonly schemas: ReadonlyMap<string, InputSchema>;
  readonly emptySchema: InputSchema;
  readonly systemPrompt?: string;
  /** Live results through the one mutation gate; absent when no server connection is open. */
  readonly live?: LiveResult;
  readonly signal?: AbortSignal;
}

/** One trial of one case on one column: a conversation, judged into one outcome per record. */
export async function runTrial(
  c: BehaviorCase,
  column: BehaviorColumn,
  ctx: TrialContext,
): Promise<ReadonlyMap<BehaviorCheck, TrialOutcome>> {
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
    const judged = selectionTrial(conversation, c.expected, c.arguments === undefined ? undefined : { expected: c.arguments, schema });
    out.set('tool-selection', judged.selection);
    if (judged.arguments !== undefined) out.set('argument-correctness', judged.arguments);
  } else {
    const judged = sequenceTrial(conversation, c.expected, ctx.schemas);
    out.set('tool-sequence', judged.sequence);
    if (judged.arguments !== undefined) out.set('argument-correctness', judged.arguments);
  }
  return out;
}
