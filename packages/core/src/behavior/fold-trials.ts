import { wilsonInterval } from '../models/wilson.js';
import type { Gate, Measurements, Status } from '../record.js';
import { SOFT_GATE_PASS_RATE } from '../record.js';
import type { TrialOutcome } from './trial-outcome.js';

/** The behavior checks a case's trials fold into. */
export type BehaviorCheck = 'tool-selection' | 'argument-correctness' | 'tool-sequence' | 'no-call' | 'task-completion';

export const BEHAVIOR_CHECKS: readonly BehaviorCheck[] = [
  'tool-selection',
  'argument-correctness',
  'tool-sequence',
  'no-call',
  'task-completion',
];

/** A model record's verdict over its trials (the engine adds id, check, model, location). */
export interface FoldedRecord {
  readonly status: Status;
  readonly label: string;
  readonly runs: number;
  readonly passes: number;
  readonly passRate: number;
  readonly measurements: Measurements;
}

/** Spend actually sent: a replayed trial (`cached: 1`) keeps the numbers it was stored with, but sent nothing. */
const sum = (trials: readonly TrialOutcome[], key: string): number =>
  trials.reduce((total, t) => total + (t.measurements.cached === 1 ? 0 : (t.measurements[key] ?? 0)), 0);

/** The judge's spend (task-completion rubrics, semantic arguments): summed like the column's, on whichever check carries it. */
const JUDGE_SPEND: readonly string[] = ['judgeRequests', 'judgeInputTokens', 'judgeOutputTokens'];

/** The median (the lower middle of an even count: a latency that was observed). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

function gateMet(gate: Gate, passes: number, trials: number): boolean {
  if (trials === 0 || passes === 0) return false;
  return gate === 'hard' ? passes === trials : passes / trials >= SOFT_GATE_PASS_RATE;
}

/** The trial whose label the record reports: the last pass when the gate holds, else the first of the worst status. */
function representative(trials: readonly TrialOutcome[], passed: boolean): TrialOutcome | undefined {
  if (passed) return trials.findLast((t) => t.status === 'pass');
  for (const status of ['fail', 'error', 'skip'] as const) {
    const found = trials.find((t) => t.status === status);
    if (found !== undefined) return found;
  }
  return trials[0];
}

/** Per-trial numbers the fold sums, takes the median of, or counts: never copied from one trial. */
const TRIAL_ONLY: readonly string[] = [
  'cached',
  'latencyMs',
  'requests',
  'inputTokens',
  'outputTokens',
  'temperatureApplied',
  ...JUDGE_SPEND,
];

/** The representative trial's own numbers (retryAfterMs, firstErrorPosition, ...); the fold's win. */
function ownNumbers(trial: TrialOutcome | undefined, folded: Measurements): Measurements {
  if (trial === undefined) return {};
  return Object.fromEntries(Object.entries(trial.measurements).filter(([k]) => !(k in folded) && !TRIAL_ONLY.includes(k)));
}

/**
 * Folds one check's trials into its record (docs/model-layer.md): the gate (`hard` every trial, `soft`
 * `SOFT_GATE_PASS_RATE` of them), the representative label, Wilson bounds, spend, and `flaky`
 * (1 when trials both passed and failed; reported, never gated). `argument-correctness` counts only
 * trials that selected correctly (`argTrials`); with none it is `skip` `no-correct-selection`.
 * Spend (requests, tokens, latency) sits on the other three checks only, so a column's totals
 * count each request once; judge spend is summed on the record that carries it. Spend counts only
 * what was sent: `cachedTrials` counts trials whose outcome carried `cached: 1`, which add none.
 */
export function foldTrials(check: BehaviorCheck, trials: readonly TrialOutcome[], gate: Gate): FoldedRecord {
  const counted = check === 'argument-correctness' ? trials.filter((t) => t.label !== 'no-correct-selection') : trials;
  const judged = counted.filter((t) => t.status === 'pass' || t.status === 'fail' || t.status === 'error');
  const passes = judged.filter((t) => t.status === 'pass').length;
  const runs = judged.length;
  const passRate = runs === 0 ? 0 : passes / runs;
  const interval = wilsonInterval(passes, runs);
  const measurements: Record<string, number> = {
    trials: runs,
    passes,
    passRate,
    wilsonLow: interval.low,
    wilsonHigh: interval.high,
    flaky: passes > 0 && judged.some((t) => t.status === 'fail') ? 1 : 0,
    cachedTrials: trials.filter((t) => t.measurements.cached === 1).length,
  };
  if (check !== 'argument-correctness') {
    measurements.requests = sum(trials, 'requests');
    measurements.inputTokens = sum(trials, 'inputTokens');
    measurements.outputTokens = sum(trials, 'outputTokens');
    measurements.latencyP50Ms = median(
      trials.filter((t) => t.measurements.latencyMs !== undefined).map((t) => t.measurements.latencyMs ?? 0),
    );
    if (trials.some((t) => t.measurements.temperatureApplied === 0)) measurements.temperatureApplied = 0;
  } else {
    measurements.argTrials = runs;
    measurements.argPasses = passes;
  }
  for (const key of JUDGE_SPEND) if (trials.some((t) => key in t.measurements)) measurements[key] = sum(trials, key);
  if (check === 'tool-selection') measurements.selectionRate = passRate;
  if (check === 'no-call') measurements.falseTriggerRate = runs === 0 ? 0 : judged.filter((t) => t.status === 'fail').length / runs;

  if (check === 'argument-correctness' && counted.length === 0) {
    return { status: 'skip', label: 'no-correct-selection', runs: 0, passes: 0, passRate: 0, measurements };
  }
  if (counted.every((t) => t.status === 'skip')) {
    const [first] = counted;
    return {
      status: 'skip',
      label: first?.label ?? 'no-correct-selection',
      runs,
      passes,
      passRate,
      measurements: { ...measurements, ...ownNumbers(first, measurements) },
    };
  }
  const passed = gateMet(gate, passes, runs);
  const chosen = representative(counted, passed);
  const status: Status = passed ? 'pass' : (chosen?.status ?? 'fail');
  return {
    status,
    label: chosen?.label ?? 'no-correct-selection',
    runs,
    passes,
    passRate,
    measurements: { ...measurements, ...ownNumbers(chosen, measurements) },
  };
}
