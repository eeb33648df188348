import type { Gate, Status } from '../record.js';
import { SOFT_GATE_PASS_RATE } from '../record.js';
import type { RunOutcome } from './run-outcome.js';

export interface AggregatedRuns {
  readonly outcome: RunOutcome;
  readonly runs: number;
  readonly passes: number;
  readonly passRate: number;
}

function gatePasses(gate: Gate, passes: number, runs: number): boolean {
  return gate === 'hard' ? passes === runs : passes / runs >= SOFT_GATE_PASS_RATE;
}

/** The status a case reports when its gate is not met: the worst one seen. */
function worstStatus(outcomes: readonly RunOutcome[]): Status {
  for (const status of ['fail', 'error', 'skip'] as const) {
    if (outcomes.some((o) => o.status === status)) return status;
  }
  return 'pass';
}

/**
 * Folds the runs of one case into its verdict. The reported outcome is a representative run: the
 * last pass when the gate is met, otherwise the first run with the worst status.
 */
export function aggregateRuns(outcomes: readonly RunOutcome[], gate: Gate): AggregatedRuns {
  const [first] = outcomes;
  if (first === undefined) throw new Error('aggregateRuns needs at least one run');
  const runs = outcomes.length;
  const passes = outcomes.filter((o) => o.status === 'pass').length;
  const passRate = passes / runs;
  if (outcomes.every((o) => o.status === 'skip')) return { outcome: first, runs, passes, passRate };
  if (passes > 0 && gatePasses(gate, passes, runs)) {
    const lastPass = outcomes.findLast((o) => o.status === 'pass') ?? first;
    return { outcome: lastPass, runs, passes, passRate };
  }
  const worst = worstStatus(outcomes);
  const representative = outcomes.find((o) => o.status === worst) ?? first;
  return { outcome: representative, runs, passes, passRate };
}
