import type { JsonValue } from '@mcp-eval/protocol';

import type { FedResult } from '../behavior/conversation.js';
import { runConversation } from '../behavior/conversation.js';
import type { Judge } from '../behavior/judge.js';
import { EMPTY_STUB } from '../behavior/live-result.js';
import type { LiveResult } from '../behavior/live-result.js';
import type { TranscriptStep } from '../behavior/task-completion.js';
import { judgeTaskCompletion } from '../behavior/task-completion.js';
import type { TrialOutcome } from '../behavior/trial-outcome.js';
import type { ModelTool } from '../models/model-port.js';
import type { BehaviorCase } from './behavior-case.js';
import type { BehaviorColumn } from './behavior-column.js';

type TaskCase = Extract<BehaviorCase, { kind: 'task-completion' }>;

/** The tools a task-completion case asks live results from: what the engine gates before a trial. */
export function taskLiveTools(c: TaskCase): string[] {
  return Object.entries(c.results).flatMap(([tool, r]) => (r === 'live' ? [tool] : []));
}

/**
 * One task-completion trial: the column works the task (each call fed its stub, the empty stub,
 * or a live result through the one mutation gate) until it stops calling or `maxSteps`; then the
 * judge scores the rubric over the calls and results, kept in memory for it only.
 */
export async function runTaskTrial(
  c: TaskCase,
  column: BehaviorColumn,
  ctx: {
    readonly tools: readonly ModelTool[];
    readonly systemPrompt?: string;
    readonly live?: LiveResult;
    readonly judge?: Judge;
    readonly signal?: AbortSignal;
  },
): Promise<TrialOutcome> {
  const steps: TranscriptStep[] = [];
  const feed = async (call: { kind: string; name: string; input?: JsonValue }): Promise<FedResult> => {
    const input = call.kind === 'call' ? (call.input ?? {}) : {};
    const planned = c.results[call.name];
    let fed: FedResult;
    if (planned === undefined) fed = { kind: 'result', value: EMPTY_STUB };
    else if (planned !== 'live') fed = { kind: 'result', value: planned.stub };
    else fed = ctx.live === undefined ? { kind: 'refused' } : await ctx.live(call.name, input);
    steps.push({ tool: call.name, input, result: fed.kind === 'result' ? fed.value : 'refused' });
    return fed;
  };
  const conversation = await runConversation({
    port: column.port,
    tools: ctx.tools,
    task: c.task,
    ...(ctx.systemPrompt === undefined ? {} : { systemPrompt: ctx.systemPrompt }),
    params: column.params,
    ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
    maxTurns: c.maxSteps,
    feed,
    more: () => true,
  });
  if (conversation.end === 'mutation-not-allowed') return { status: 'skip', label: 'mutation-not-allowed', measurements: {} };
  return judgeTaskCompletion(conversation, c.task, c.criteria, steps, ctx.judge, ctx.signal);
}
