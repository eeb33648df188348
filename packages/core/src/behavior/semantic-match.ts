import type { JsonValue } from '@mcp-eval/protocol';
import { isRecord } from '@mcp-eval/protocol';
import type { Measurements, Status } from '../record.js';
import type { ArgumentExpectations } from './judge-arguments.js';
import { failureNumbers } from './failure-numbers.js';
import type { Judge } from './judge.js';
import type { VerdictSchema } from './judge-verdict.js';
import type { SemanticAnswers } from './argument-match.js';

/** The verdict a `semantic` match asks for: does the value satisfy the intent (a tie is `no`). */
export const SEMANTIC_VERDICT: VerdictSchema = { satisfies: { kind: 'enum', values: ['yes', 'no'] } };

/** A generated value longer than this (JSON characters) is not sent to the judge: it does not match. */
export const MAX_SEMANTIC_VALUE_CHARS = 4096;

/** Whether any argument of `expected` is matched `semantic`. */
export function hasSemantic(expected: ArgumentExpectations | undefined): boolean {
  return expected !== undefined && Object.values(expected).some((e) => e.match === 'semantic');
}

function material(intent: string, value: string): string {
  return [
    'Question: does the VALUE below satisfy the INTENT? Answer satisfies = yes or no.',
    `INTENT: ${intent}`,
    `VALUE (JSON, written by another model): ${value}`,
  ].join('\n');
}

export type SemanticJudgement =
  | { readonly kind: 'answered'; readonly answers: SemanticAnswers; readonly measurements: Measurements }
  /** No answer for some argument: the argument trial takes this status and label. */
  | { readonly kind: 'unanswered'; readonly status: Status; readonly label: string; readonly measurements: Measurements };

/**
 * Asks the judge about each `semantic` argument the call passed (omitted ones are the
 * deterministic matcher's). `judgeAgreement` is the lowest agreement over the arguments judged.
 * No judge (its column is not declared) answers `model-unavailable`, as a column with no key does.
 */
export async function judgeSemantic(
  judge: Judge | undefined,
  input: JsonValue | undefined,
  expected: ArgumentExpectations,
  signal?: AbortSignal,
): Promise<SemanticJudgement> {
  const answers = new Map<string, boolean>();
  const spent = { judgeRequests: 0, judgeInputTokens: 0, judgeOutputTokens: 0 };
  let agreement = 1;
  if (!isRecord(input)) return { kind: 'answered', answers, measurements: {} };
  for (const [name, expectation] of Object.entries(expected)) {
    if (expectation.match !== 'semantic' || !(name in input)) continue;
    const value = JSON.stringify(input[name]);
    if (value.length > MAX_SEMANTIC_VALUE_CHARS) {
      answers.set(name, false);
      continue;
    }
    if (judge === undefined) return { kind: 'unanswered', status: 'skip', label: 'model-unavailable', measurements: spent };
    const outcome = await judge.judge(SEMANTIC_VERDICT, material(expectation.intent, value), signal);
    spent.judgeRequests += outcome.requests;
    spent.judgeInputTokens += outcome.usage.inputTokens;
    spent.judgeOutputTokens += outcome.usage.outputTokens;
    if (outcome.kind === 'judge-unparseable')
      return { kind: 'unanswered', status: 'error', label: 'judge-unparseable', measurements: spent };
    if (outcome.kind === 'failure') {
      const status: Status = outcome.failure === 'model-unavailable' ? 'skip' : 'error';
      return { kind: 'unanswered', status, label: outcome.failure, measurements: { ...spent, ...failureNumbers(outcome) } };
    }
    answers.set(name, outcome.verdict['satisfies'] === 'yes');
    agreement = Math.min(agreement, outcome.agreement);
  }
  return { kind: 'answered', answers, measurements: answers.size === 0 ? spent : { ...spent, judgeAgreement: agreement } };
}
