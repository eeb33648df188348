import type { CheckDefinition, Outcome } from '../check.js';
import { copyFinding } from '../copy-record.js';
import type { Finding, Measurements, Status } from '../record.js';
import { safeToolName } from '../tool-name.js';
import type { EngineLabel } from './engine-labels.js';
import { ENGINE_LABELS } from './engine-labels.js';

/** One run of one case, already across the record boundary. */
export interface RunOutcome {
  readonly status: Status;
  readonly label?: string;
  readonly tool?: string;
  readonly measurements: Measurements;
  readonly findings?: readonly Finding[];
}

export function engineError(label: EngineLabel): RunOutcome {
  return { status: 'error', label, measurements: {} };
}

function finiteOnly(measurements: Measurements | undefined): Measurements {
  const kept: Record<string, number> = {};
  for (const [key, value] of Object.entries(measurements ?? {})) {
    if (typeof value === 'number' && Number.isFinite(value)) kept[key] = value;
  }
  return kept;
}

function knownLabel(check: CheckDefinition, label: string): boolean {
  return Object.hasOwn(check.labels, label) || Object.hasOwn(ENGINE_LABELS, label);
}

/**
 * The record boundary for one run: tool names validated, measurements finite numbers, labels from
 * the check's closed set. A label outside that set is a bug in the check, reported as such.
 */
export function sanitizeOutcome(check: CheckDefinition, outcome: Outcome<string>): RunOutcome {
  const labels = [outcome.label, ...(outcome.findings ?? []).map((f) => f.label)];
  if (labels.some((label) => label !== undefined && !knownLabel(check, label))) return engineError('evaluator-error');
  const findings = outcome.findings?.map((f) => copyFinding(f, { tool: safeToolName, measurements: finiteOnly }));
  return {
    status: outcome.status,
    ...(outcome.label === undefined ? {} : { label: outcome.label }),
    ...(outcome.tool === undefined ? {} : { tool: safeToolName(outcome.tool) }),
    measurements: finiteOnly(outcome.measurements),
    ...(findings === undefined ? {} : { findings }),
  };
}
