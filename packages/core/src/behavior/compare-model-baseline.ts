import type { DeltaComparison, PassCount } from '../models/newcombe.js';
import { compareProportions } from '../models/newcombe.js';
import type { Measurements } from '../record.js';

/** What a baseline comparison reads from a model record (current run or saved report). */
export interface ComparedRecord {
  readonly id: string;
  readonly check: string;
  readonly model: string;
  readonly measurements: Measurements;
}

export interface ModelCaseDelta extends DeltaComparison {
  readonly id: string;
  readonly check: string;
  readonly model: string;
}

export interface ModelColumnDelta extends DeltaComparison {
  readonly check: string;
  readonly model: string;
  readonly baseline: PassCount;
  readonly current: PassCount;
}

export interface ModelBaselineComparison {
  readonly cases: readonly ModelCaseDelta[];
  /** Pooled over the cases both runs share, per column and check. */
  readonly columns: readonly ModelColumnDelta[];
}

const count = (record: ComparedRecord): PassCount => ({ passes: record.measurements.passes ?? 0, trials: record.measurements.trials ?? 0 });
const keyOf = (r: ComparedRecord) => JSON.stringify([r.id, r.check, r.model]);

/**
 * `--baseline` for model records: each (case, check, column) both runs judged, by the Newcombe
 * interval on current − baseline, then pooled per column and check (docs/model-layer.md). Records with no
 * trials on either side (skipped) are left out; a case only one run has is not compared.
 */
export function compareModelBaseline(baseline: readonly ComparedRecord[], current: readonly ComparedRecord[]): ModelBaselineComparison {
  const before = new Map(baseline.map((r) => [keyOf(r), r]));
  const cases: ModelCaseDelta[] = [];
  const pools = new Map<
    string,
    { check: string; model: string; baseline: { passes: number; trials: number }; current: { passes: number; trials: number } }
  >();
  for (const now of current) {
    const then = before.get(keyOf(now));
    if (then === undefined) continue;
    const a = count(then);
    const b = count(now);
    if (a.trials === 0 || b.trials === 0) continue;
    cases.push({ id: now.id, check: now.check, model: now.model, ...compareProportions(a, b) });
    const poolKey = JSON.stringify([now.model, now.check]);
    const pool = pools.get(poolKey) ?? {
      check: now.check,
      model: now.model,
      baseline: { passes: 0, trials: 0 },
      current: { passes: 0, trials: 0 },
    };
    pool.baseline.passes += a.passes;
    pool.baseline.trials += a.trials;
    pool.current.passes += b.passes;
    pool.current.trials += b.trials;
    pools.set(poolKey, pool);
  }
  const columns = [...pools.values()].map((pool) => ({ ...pool, ...compareProportions(pool.baseline, pool.current) }));
  return { cases, columns };
}
