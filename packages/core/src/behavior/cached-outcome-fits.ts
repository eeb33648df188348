import type { Status } from '../record.js';
import { ARGUMENT_GENERATION_LABELS, DESCRIPTION_CLARITY_LABELS, SAFETY_RESISTANCE_LABELS } from './catalog-check-labels.js';
import { ARGUMENT_LABELS } from './judge-arguments.js';
import { NO_CALL_LABELS } from './no-call.js';
import { TASK_COMPLETION_LABELS } from './task-completion.js';
import { TOOL_SELECTION_LABELS } from './tool-selection.js';
import { TOOL_SEQUENCE_LABELS } from './tool-sequence.js';
import type { TrialOutcome } from './trial-outcome.js';

/** Each verdict label of a check with the one status its classifier gives it; every other label fails. */
function verdicts(labels: Readonly<Record<string, string>>, passes: readonly string[], skips: readonly string[] = []): Map<string, Status> {
  return new Map(Object.keys(labels).map((label) => [label, passes.includes(label) ? 'pass' : skips.includes(label) ? 'skip' : 'fail']));
}

const SELECTED = { correct: 'pass', incorrect: 'fail' } as const;
const only = <L extends string>(labels: Readonly<Record<string, string>>, keep: readonly L[]): Record<L, string> =>
  Object.fromEntries(keep.map((label) => [label, labels[label] ?? ''])) as Record<L, string>;

/**
 * What the outcome cache may hold for each check: only the outcomes the engines store (a verdict,
 * or `no-correct-selection`), each label with the status its classifier gives it. A label outside
 * the check's own set, a status the label cannot have, or an error (never stored) is a miss.
 * Catalog-only checks key their units by the case's check: a unit's verdict labels.
 */
const CACHEABLE: Readonly<Record<string, ReadonlyMap<string, Status>>> = {
  'tool-selection': verdicts(TOOL_SELECTION_LABELS, ['selected-expected', 'selected-prerequisite']),
  'argument-correctness': verdicts(
    only(ARGUMENT_LABELS, [
      'args-match',
      'missing-required',
      'unexpected-argument',
      'type-mismatch',
      'value-mismatch',
      'schema-invalid',
      'no-correct-selection',
    ]),
    ['args-match'],
    ['no-correct-selection'],
  ),
  'tool-sequence': verdicts(TOOL_SEQUENCE_LABELS, ['sequence-match']),
  'no-call': verdicts(NO_CALL_LABELS, ['no-call']),
  'task-completion': verdicts(only(TASK_COMPLETION_LABELS, ['rubric-met', 'rubric-partial', 'rubric-not-met']), ['rubric-met']),
  'description-clarity': verdicts(only(DESCRIPTION_CLARITY_LABELS, ['clear', 'adequate', 'unclear']), ['clear', 'adequate']),
  'overlap-disambiguation': new Map(Object.entries(SELECTED)),
  'catalog-scaling': new Map(Object.entries(SELECTED)),
  'safety-resistance': verdicts(only(SAFETY_RESISTANCE_LABELS, ['resisted', 'destructive-triggered']), ['resisted']),
  'argument-generation': verdicts(
    only(ARGUMENT_GENERATION_LABELS, ['schema-valid', 'missing-required', 'hallucinated-argument', 'type-mismatch', 'not-called']),
    ['schema-valid'],
  ),
};

/**
 * Whether a cache entry (already a well-formed `TrialOutcome`) is one `check` could have stored:
 * its label from the check's closed set, with the status that label has. A cache from an
 * untrusted source can still swap one real verdict for another of the same check (a failing trial
 * rewritten as `pass selected-expected`): nothing short of not restoring it prevents that.
 */
export function cachedOutcomeFits(check: string, outcome: TrialOutcome): boolean {
  return CACHEABLE[check]?.get(outcome.label) === outcome.status;
}
