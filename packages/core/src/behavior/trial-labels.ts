import { STATUSES } from '../record.js';
import type { Status } from '../record.js';
import { MODEL_FAILURE_KINDS } from '../models/model-port.js';
import { CATALOG_UNIT_LABELS } from './catalog-check-labels.js';
import { ARGUMENT_LABELS } from './judge-arguments.js';
import { NO_CALL_LABELS } from './no-call.js';
import { TASK_COMPLETION_LABELS } from './task-completion.js';
import { TOOL_SELECTION_LABELS } from './tool-selection.js';
import { TOOL_SEQUENCE_LABELS } from './tool-sequence.js';
import type { TrialOutcome } from './trial-outcome.js';

/** Every label a trial outcome may carry: the four checks', the port's failures, the gate's skip. */
export const TRIAL_LABELS: ReadonlySet<string> = new Set([
  ...Object.keys(TOOL_SELECTION_LABELS),
  ...Object.keys(ARGUMENT_LABELS),
  ...Object.keys(TOOL_SEQUENCE_LABELS),
  ...Object.keys(NO_CALL_LABELS),
  ...MODEL_FAILURE_KINDS,
  'mutation-not-allowed',
  ...Object.keys(TASK_COMPLETION_LABELS),
  ...CATALOG_UNIT_LABELS,
]);

/** Most numbers one trial outcome may carry (a real one has under 16). */
export const MAX_TRIAL_MEASUREMENTS = 32;

const MEASUREMENT_NAME = /^[a-zA-Z][a-zA-Z0-9]{0,63}$/;

/**
 * Whether untrusted data (a cache file someone else may have written) is a trial outcome: a known
 * status, a label from `TRIAL_LABELS`, and at most `MAX_TRIAL_MEASUREMENTS` finite numbers under
 * plain camelCase names, and nothing else. Anything more is refused, never trusted or printed.
 */
export function isTrialOutcome(value: unknown): value is TrialOutcome {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== 3 || !keys.every((k) => k === 'status' || k === 'label' || k === 'measurements')) return false;
  const { status, label, measurements } = value as Record<string, unknown>;
  if (!STATUSES.includes(status as Status) || typeof label !== 'string' || !TRIAL_LABELS.has(label)) return false;
  if (measurements === null || typeof measurements !== 'object' || Array.isArray(measurements)) return false;
  const entries = Object.entries(measurements);
  return (
    entries.length <= MAX_TRIAL_MEASUREMENTS &&
    entries.every(([k, v]) => MEASUREMENT_NAME.test(k) && typeof v === 'number' && Number.isFinite(v))
  );
}

/** A trial replayed from the cache: nothing was sent this run, so no requests or tokens; `cached: 1`. */
export function replayedTrial(outcome: TrialOutcome): TrialOutcome {
  return { ...outcome, measurements: { ...outcome.measurements, requests: 0, inputTokens: 0, outputTokens: 0, cached: 1 } };
}
