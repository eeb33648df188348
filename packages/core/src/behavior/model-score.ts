import type { SeverityTally } from '../lint/score-lint.js';
import { severityWeightedScore } from '../lint/score-lint.js';
import type { CaseRecord, LintSeverity, ModelColumn } from '../record.js';

/** Per-tool finding labels that count as a passed unit (every other finding label failed its unit). */
export const PASSING_FINDING_LABELS: ReadonlySet<string> = new Set(['clear', 'adequate', 'disambiguated', 'resisted', 'schema-valid']);

/**
 * One column's model score, 0-100 with two decimals, or undefined when it ran no pass or fail
 * record (skips and errors judge nothing). The unit is one check judging one tool, as in lint:
 * a record with per-tool findings gives one unit per finding (failed unless its label passes),
 * any other record one unit (failed when the record failed); lint's `severityWeightedScore` weighs
 * them by `severityOf` (each check's `severity`, on its definition).
 */
export function modelScore(records: readonly CaseRecord[], severityOf: (check: string) => LintSeverity): number | undefined {
  const tallies: SeverityTally[] = [];
  for (const record of records) {
    if (record.status !== 'pass' && record.status !== 'fail') continue;
    const severity = severityOf(record.check);
    const perTool = (record.findings ?? []).filter((f) => f.tool !== undefined);
    if (perTool.length > 0) {
      tallies.push({ severity, evaluated: perTool.length, failed: perTool.filter((f) => !PASSING_FINDING_LABELS.has(f.label)).length });
    } else tallies.push({ severity, evaluated: 1, failed: record.status === 'fail' ? 1 : 0 });
  }
  if (tallies.length === 0) return undefined;
  return Math.round(severityWeightedScore(tallies) * 100) / 100;
}

/** A report column with its score's gate applied (`golden.score_threshold`); unchanged without one. */
export function withScoreGate(column: ModelColumn, threshold: number | undefined): ModelColumn {
  const gate = modelScoreGate(column.score, threshold);
  return gate === undefined ? column : { ...column, scoreGate: gate };
}

/**
 * The score's gate: absent without a threshold (advisory), and absent for a column with no score
 * (a judge or generator not under test judged nothing); else whether the score reached it.
 */
export function modelScoreGate(
  score: number | undefined,
  threshold: number | undefined,
): { threshold: number; passed: boolean } | undefined {
  if (threshold === undefined || score === undefined) return undefined;
  return { threshold, passed: score >= threshold };
}
