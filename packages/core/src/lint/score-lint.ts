import type { LintGateFailure, LintLayer, LintSeverity } from '../record.js';
import { LINT_LAYERS } from '../record.js';

/** MCP Lens's severity weights. */
export const SEVERITY_WEIGHTS: Readonly<Record<LintSeverity, number>> = { critical: 5, high: 3, medium: 2, low: 1, info: 0.5 };

/** MCP Lens's layer weights (its LLM layer aside), re-normalized over the layers that ran. */
export const LAYER_WEIGHTS: Readonly<Record<LintLayer, number>> = { protocol: 0.15, quality: 0.1, security: 0.1 };

export const DEFAULT_LINT_THRESHOLD = 70;

/** One rule's result for scoring: how many tools it judged and how many failed it, unsuppressed. */
export interface RuleTally {
  readonly layer: LintLayer;
  readonly severity: LintSeverity;
  readonly evaluated: number;
  readonly failed: number;
}

/**
 * 0-100, two decimals. A layer that did not run is absent. A type alias, not an interface, so it
 * fits the report envelope's `scores` record as it is.
 */
export type LintScores = {
  readonly protocol?: number;
  readonly quality?: number;
  readonly security?: number;
  readonly overall: number;
};

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Units judged at one severity: how many, and how many failed. */
export interface SeverityTally {
  readonly severity: LintSeverity;
  readonly evaluated: number;
  readonly failed: number;
}

/**
 * 100 × (1 − Σ weight of failed units / Σ weight of all units), unrounded; 100 with no units. Lint's
 * layers and the model layer's per-column score (behavior/model-score.ts) both use it.
 */
export function severityWeightedScore(tallies: readonly SeverityTally[]): number {
  let total = 0;
  let failed = 0;
  for (const tally of tallies) {
    total += SEVERITY_WEIGHTS[tally.severity] * tally.evaluated;
    failed += SEVERITY_WEIGHTS[tally.severity] * tally.failed;
  }
  return total === 0 ? 100 : 100 * (1 - failed / total);
}

/**
 * The evaluation unit is one rule judging one tool; it fails when the rule has at least one
 * unsuppressed finding on that tool, and weighs its rule's severity weight. Per layer:
 *   score = 100 × (1 − Σ weight of failed units / Σ weight of all units)   (100 with no units)
 * and overall = Σ layerWeight × score / Σ layerWeight over the layers that ran. Both are rounded
 * to two decimals; the overall is computed from the unrounded layer scores.
 */
export function scoreLint(tallies: readonly RuleTally[], layers: readonly LintLayer[] = LINT_LAYERS): LintScores {
  const exact = new Map<LintLayer, number>();
  for (const layer of layers) exact.set(layer, severityWeightedScore(tallies.filter((t) => t.layer === layer)));
  let weighted = 0;
  let weights = 0;
  for (const [layer, score] of exact) {
    weighted += LAYER_WEIGHTS[layer] * score;
    weights += LAYER_WEIGHTS[layer];
  }
  const scores: { -readonly [K in keyof LintScores]: LintScores[K] } = { overall: weights === 0 ? 100 : round2(weighted / weights) };
  for (const [layer, score] of exact) scores[layer] = round2(score);
  return scores;
}

export interface LintGate {
  readonly passed: boolean;
  readonly threshold: number;
  /** Why it failed; empty when it passed. */
  readonly failures: readonly LintGateFailure[];
}

export function assertThreshold(threshold: number): void {
  if (!Number.isFinite(threshold) || threshold < 0 || threshold > 100) {
    throw new RangeError('lint: the gate threshold must be a number from 0 to 100');
  }
}

/**
 * The gate passes iff the (rounded) overall score is at least the threshold and no unsuppressed
 * finding of a critical protocol or security rule remains: one such finding fails a perfect score.
 */
export function lintGate(overall: number, criticalFindings: number, threshold = DEFAULT_LINT_THRESHOLD): LintGate {
  assertThreshold(threshold);
  const failures: LintGateFailure[] = [];
  if (overall < threshold) failures.push('score-below-threshold');
  if (criticalFindings > 0) failures.push('critical-finding');
  return { passed: failures.length === 0, threshold, failures };
}
