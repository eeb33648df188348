import { describe, expect, it } from 'vitest';
import type { ScoredRecord } from './column-scores.js';
import { columnScores } from './column-scores.js';

const record = (
  check: ScoredRecord['check'],
  model: string,
  passes: number,
  trials: number,
  requests = 0,
  status: ScoredRecord['status'] = 'pass',
): ScoredRecord => ({
  check,
  model,
  status,
  measurements: { passes, trials, requests, inputTokens: requests * 10, outputTokens: requests },
});

describe('columnScores', () => {
  it('pools each rate over trials per column and sums spend', () => {
    const scores = columnScores([
      record('tool-selection', 'gpt', 5, 5, 5),
      record('tool-selection', 'gpt', 2, 5, 7, 'fail'),
      record('argument-correctness', 'gpt', 3, 7),
      record('no-call', 'gpt', 4, 5, 5, 'fail'),
      record('tool-sequence', 'lexical', 0, 5, 0, 'fail'),
      record('tool-selection', 'lexical', 0, 0, 0, 'skip'),
    ]);
    expect(scores.get('gpt')).toEqual({
      selectionAccuracy: 0.7,
      argumentCorrectness: 3 / 7,
      overTriggerRate: 0.2,
      requests: 17,
      inputTokens: 170,
      outputTokens: 17,
    });
    expect(scores.get('lexical')).toEqual({ sequenceCorrectness: 0, requests: 0, inputTokens: 0, outputTokens: 0 });
  });
});
