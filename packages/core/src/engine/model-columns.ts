import type { BehaviorCheck } from '../behavior/fold-trials.js';
import { columnScores } from '../behavior/column-scores.js';
import { modelScore } from '../behavior/model-score.js';
import { behaviorCheckSeverity, findBehaviorCheck } from '../checks/behavior/index.js';
import type { CaseRecord, ModelColumn } from '../record.js';
import type { BehaviorColumn } from './behavior-column.js';

/** Whether a record's `cachedTrials` counts toward its column's: a check no case names shares its trials with the one that does. */
const ownsTrials = (check: string): boolean => findBehaviorCheck(check)?.caseKind !== false;

/** RunReport.models: each column's pooled scores, spend and replayed trials (also `merge`'s, over every shard's records). */
export function modelColumns(columns: readonly Pick<BehaviorColumn, 'id' | 'provider'>[], records: readonly CaseRecord[]): ModelColumn[] {
  const scored = records.filter((r): r is CaseRecord & { model: string } => r.model !== undefined);
  const scores = columnScores(
    scored.map((r) => ({ check: r.check as BehaviorCheck, model: r.model, status: r.status, measurements: r.measurements })),
  );
  return columns.map((column) => {
    const s = scores.get(column.id);
    const score = modelScore(
      scored.filter((r) => r.model === column.id),
      behaviorCheckSeverity,
    );
    const cachedTrials = scored
      .filter((r) => r.model === column.id && ownsTrials(r.check))
      .reduce((n, r) => n + (r.measurements.cachedTrials ?? 0), 0);
    return {
      id: column.id,
      provider: column.provider,
      ...(s?.selectionAccuracy === undefined ? {} : { selectionAccuracy: s.selectionAccuracy }),
      ...(s?.argumentCorrectness === undefined ? {} : { argumentCorrectness: s.argumentCorrectness }),
      ...(s?.sequenceCorrectness === undefined ? {} : { sequenceCorrectness: s.sequenceCorrectness }),
      ...(s?.overTriggerRate === undefined ? {} : { overTriggerRate: s.overTriggerRate }),
      ...(score === undefined ? {} : { score }),
      requests: s?.requests ?? 0,
      inputTokens: s?.inputTokens ?? 0,
      outputTokens: s?.outputTokens ?? 0,
      cachedTrials,
    };
  });
}
