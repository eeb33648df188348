import type { ModelColumn } from '@mcp-eval/core';
import { formatRate } from './case-message.js';
import type { Paint } from './console-paint.js';
import { modelScoreText } from './model-score-text.js';

/** The four pooled rates, in the order the console prints them, with their words. */
const RATES: readonly (readonly [
  keyof Pick<ModelColumn, 'selectionAccuracy' | 'argumentCorrectness' | 'sequenceCorrectness' | 'overTriggerRate'>,
  string,
])[] = [
  ['selectionAccuracy', 'selection accuracy'],
  ['argumentCorrectness', 'argument correctness'],
  ['sequenceCorrectness', 'sequence correctness'],
  ['overTriggerRate', 'over-trigger rate'],
];

/**
 * One line per model column: its id and provider (the only names a column has in a report), the
 * rates it has (a column that ran no record of a check has no rate for it), and its spend:
 *
 *   model gpt (openai): score 92.31 (advisory), selection accuracy 1.00, argument correctness 0.80; requests 15, tokens 4650 in / 180 out, cached trials 5
 */
export function modelSummaryLines(models: readonly ModelColumn[], paint: Paint): string[] {
  return models.map((column) => {
    const rates = RATES.flatMap(([key, words]) => {
      const rate = column[key];
      return rate === undefined ? [] : [`${words} ${formatRate(rate)}`];
    });
    const score = modelScoreText(column);
    const all = [...(score === undefined ? [] : [score]), ...rates];
    const scored = all.length === 0 ? 'no scored trials' : all.join(', ');
    const spend = `requests ${column.requests}, tokens ${column.inputTokens} in / ${column.outputTokens} out, cached trials ${column.cachedTrials}`;
    return `model ${paint('bold', column.id)} (${column.provider}): ${scored}; ${spend}`;
  });
}
