/**
 * Labels a baseline comparison puts on a case (`mcp-eval run --baseline`), whatever its check.
 * The first two fail a case that passed its own gate; the third only informs.
 */
export const BASELINE_LABELS = {
  'pass-rate-dropped':
    "The case passed its gate, but its pass rate fell below the baseline run's by more than --max-drop (numbers: passRate, baselinePassRate, drop, maxDrop).",
  'measurement-grew':
    'A measurement the case budgets grew over the baseline run by more than its budget (pointer: the budget key; numbers: the value, the baseline value, growth and budget).',
  'budget-unmeasured':
    'The case budgets a measurement that this run or the baseline did not record, so it was not compared; the case keeps its own status.',
} as const;

export type BaselineLabel = keyof typeof BASELINE_LABELS;

/** The largest pass-rate drop a case may show against the baseline without failing. */
export const DEFAULT_MAX_DROP = 0.02;
