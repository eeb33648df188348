/** How much a catalog change matters to an agent built against the baseline. */
export type DriftClass = 'breaking' | 'non-breaking' | 'informational';

/** `mcp-eval run --baseline <snapshot>`'s drift labels, each with its class and meaning (docs/drift.md). */
export const DRIFT_LABELS = {
  'tool-removed': 'A tool the baseline listed is gone (breaking).',
  'tool-added': 'A tool the baseline did not list (non-breaking).',
  'required-parameter-added': 'The input schema requires a property the baseline did not require (breaking; numbers: parameters).',
  'parameter-removed': 'An input property the baseline declared is gone (breaking; numbers: parameters).',
  'parameter-type-changed': 'An input property kept its path but changed its types (breaking; numbers: parameters).',
  'output-schema-changed':
    'The output schema changed: breaking when it was removed or a baseline path is gone or retyped, non-breaking otherwise (numbers: parameters).',
  'annotation-flipped':
    'An annotation changed value (pointer: /annotations/<flag>; numbers: baseline and current, 1 true, 0 false, the MCP default when unset): breaking towards less safe, non-breaking towards safer.',
  'description-changed': "The tool's description changed (informational).",
} as const;

export type DriftLabel = keyof typeof DRIFT_LABELS;

/** The class findings a drift record carries, one per record. */
export const DRIFT_CLASSES: readonly DriftClass[] = ['breaking', 'non-breaking', 'informational'];

/** The manifest's `drift.fail_on`: which classes fail the run. */
export type DriftFailOn = 'breaking' | 'any' | 'none';

export const DEFAULT_DRIFT_FAIL_ON: DriftFailOn = 'breaking';
