import type { Measurements, Status } from '../record.js';
import type { BehaviorCheck } from './fold-trials.js';

/** What scoring reads from a model record. */
export interface ScoredRecord {
  readonly check: BehaviorCheck;
  readonly model: string;
  readonly status: Status;
  readonly measurements: Measurements;
}

/**
 * One column's scores (0-1 rates pooled over trials, so a case with more trials weighs more; a
 * rate is absent when the column ran no trial of that check) and its spend.
 */
export interface ColumnScores {
  readonly selectionAccuracy?: number;
  readonly argumentCorrectness?: number;
  readonly sequenceCorrectness?: number;
  readonly overTriggerRate?: number;
  readonly requests: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

const RATES: readonly [BehaviorCheck, 'selectionAccuracy' | 'argumentCorrectness' | 'sequenceCorrectness' | 'overTriggerRate'][] = [
  ['tool-selection', 'selectionAccuracy'],
  ['argument-correctness', 'argumentCorrectness'],
  ['tool-sequence', 'sequenceCorrectness'],
  ['no-call', 'overTriggerRate'],
];

/** Per column: the report's `scores` (docs/model-layer.md). Skipped records add nothing. */
export function columnScores(records: readonly ScoredRecord[]): ReadonlyMap<string, ColumnScores> {
  const columns = new Map<string, ColumnScores>();
  for (const model of new Set(records.map((r) => r.model))) {
    const mine = records.filter((r) => r.model === model && r.status !== 'skip');
    const total = (key: string) => mine.reduce((n, r) => n + (r.measurements[key] ?? 0), 0);
    const scores: { -readonly [K in keyof ColumnScores]: ColumnScores[K] } = {
      requests: total('requests'),
      inputTokens: total('inputTokens'),
      outputTokens: total('outputTokens'),
    };
    for (const [check, key] of RATES) {
      const ofCheck = mine.filter((r) => r.check === check);
      const trials = ofCheck.reduce((n, r) => n + (r.measurements.trials ?? 0), 0);
      const passes = ofCheck.reduce((n, r) => n + (r.measurements.passes ?? 0), 0);
      if (trials > 0) scores[key] = check === 'no-call' ? (trials - passes) / trials : passes / trials;
    }
    columns.set(model, scores);
  }
  return columns;
}
