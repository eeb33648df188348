import type { JsonValue } from '@mcp-eval/protocol';
import type { RubricCriterion } from '../manifest/judge-settings.js';
import type { Measurements, Status } from '../record.js';
import type { Conversation } from './conversation.js';
import { failureNumbers } from './failure-numbers.js';
import type { Judge } from './judge.js';
import type { VerdictSchema } from './judge-verdict.js';
import type { TrialOutcome } from './trial-outcome.js';

export const TASK_COMPLETION_LABELS = {
  'rubric-met': 'The judge scored every rubric criterion met (majority of its votes).',
  'rubric-partial': 'No criterion was scored not met, and at least one only partially met.',
  'rubric-not-met': 'At least one rubric criterion was scored not met.',
  'judge-unparseable': 'A judge vote did not parse against the forced-verdict schema: no score, never a default one.',
} as const;

export type TaskCompletionLabel = keyof typeof TASK_COMPLETION_LABELS;

// The rubric's shape and where it rides are the manifest loader's; re-exported for the engine.
export type { RubricCriterion } from '../manifest/judge-settings.js';
export { RUBRIC_CRITERIA_KEY } from '../manifest/judge-settings.js';

/** Met, partial, not met: ordered best to worst, so a tied vote goes to the worse score. */
export const CRITERION_SCORES = ['met', 'partial', 'not-met'] as const;

/** The longest transcript (characters) handed to the judge; past it the rest is replaced by a marker. */
export const MAX_JUDGED_TRANSCRIPT_CHARS = 32_768;

export function rubricVerdict(criteria: readonly RubricCriterion[]): VerdictSchema {
  return Object.fromEntries(criteria.map((c) => [c.id, { kind: 'enum', values: CRITERION_SCORES }]));
}

/** One tool call of the trial and what was fed back: in memory only, for the judge. */
export interface TranscriptStep {
  readonly tool: string;
  readonly input: JsonValue;
  readonly result: JsonValue | 'refused';
}

/**
 * What the judge reads: the task, the criteria, and the calls the column made with the results it
 * was fed. The column's own text is not there: the port never keeps model text (docs/model-layer.md), so
 * criteria are about what the model did with the tools.
 */
export function rubricMaterial(
  task: string,
  criteria: readonly RubricCriterion[],
  steps: readonly TranscriptStep[],
  answeredChars: number,
): string {
  let transcript = steps
    .map(
      (s, i) =>
        `${i + 1}. called ${s.tool} with ${JSON.stringify(s.input)}; result: ${s.result === 'refused' ? '(refused)' : JSON.stringify(s.result)}`,
    )
    .join('\n');
  if (transcript.length > MAX_JUDGED_TRANSCRIPT_CHARS)
    transcript = `${transcript.slice(0, MAX_JUDGED_TRANSCRIPT_CHARS)}\n(transcript truncated)`;
  return [
    'An assistant with tools was given the TASK below. Score each CRITERION by what the assistant did:',
    'met, partial, or not-met. The transcript lists its tool calls and the results it was given; its',
    `final text answer is not shown (it wrote ${answeredChars} characters of text).`,
    `TASK: ${task}`,
    'CRITERIA:',
    ...criteria.map((c) => `- ${c.id}: ${c.criterion}`),
    'TRANSCRIPT:',
    transcript === '' ? '(no tool calls)' : transcript,
  ].join('\n');
}

const spendOf = (c: Conversation): Measurements => ({
  requests: c.requests,
  inputTokens: c.inputTokens,
  outputTokens: c.outputTokens,
  latencyMs: c.latencyMs,
  temperatureApplied: c.temperatureApplied,
});

/**
 * One task-completion trial: the column's conversation (already run) judged against the rubric.
 * A conversation the port cut short keeps the port's label; the judge's failure is its label too.
 */
export async function judgeTaskCompletion(
  conversation: Conversation,
  task: string,
  criteria: readonly RubricCriterion[],
  steps: readonly TranscriptStep[],
  judge: Judge | undefined,
  signal?: AbortSignal,
): Promise<TrialOutcome> {
  const spend = spendOf(conversation);
  const failure = conversation.failure;
  if (failure !== undefined) {
    const status: Status = failure.failure === 'model-unavailable' ? 'skip' : 'error';
    return { status, label: failure.failure, measurements: { ...spend, ...failureNumbers(failure) } };
  }
  if (judge === undefined) return { status: 'skip', label: 'model-unavailable', measurements: spend };
  const answered = conversation.turns.reduce((n, t) => n + t.textChars, 0);
  const outcome = await judge.judge(rubricVerdict(criteria), rubricMaterial(task, criteria, steps, answered), signal);
  const judgeSpend = {
    judgeRequests: outcome.requests,
    judgeInputTokens: outcome.usage.inputTokens,
    judgeOutputTokens: outcome.usage.outputTokens,
  };
  const measurements = { ...spend, ...judgeSpend, criteriaTotal: criteria.length };
  if (outcome.kind === 'failure') {
    const status: Status = outcome.failure === 'model-unavailable' ? 'skip' : 'error';
    return { status, label: outcome.failure, measurements: { ...measurements, ...failureNumbers(outcome) } };
  }
  if (outcome.kind === 'judge-unparseable') return { status: 'error', label: 'judge-unparseable', measurements };
  const scores = criteria.map((c) => outcome.verdict[c.id]);
  const met = scores.filter((s) => s === 'met').length;
  const label: TaskCompletionLabel = scores.includes('not-met')
    ? 'rubric-not-met'
    : met === criteria.length
      ? 'rubric-met'
      : 'rubric-partial';
  return {
    status: label === 'rubric-met' ? 'pass' : 'fail',
    label,
    measurements: { ...measurements, criteriaMet: met, judgeAgreement: outcome.agreement },
  };
}
