import type { Connector } from '@mcp-eval/protocol';

import type { CatalogBudget } from '../catalog/catalog-budget.js';
import type { CheckDefinition } from '../check.js';
import { evaluate } from '../engine/evaluate.js';
import type { CaseRecord, Gate } from '../record.js';

export interface CheckCaseOptions {
  /** Per-request limit. @default 5000 */
  readonly timeoutMs?: number;
  /** The cut-off of each tool call (`EvaluateOptions.callTimeoutMs`). @default timeoutMs */
  readonly callTimeoutMs?: number;
  /** Per-run limit of the case. @default the engine's (10 × timeoutMs) */
  readonly caseTimeoutMs?: number;
  /** As a declared sandbox with `--allow-mutation` would. @default false */
  readonly allowMutation?: boolean;
  /** @default 1 */
  readonly repeat?: number;
  readonly gate?: Gate;
  readonly catalogBudget?: CatalogBudget;
}

/** The harness's per-request limit: shorter than a run's, so a hanging test fails fast. */
export const CHECK_CASE_TIMEOUT_MS = 5_000;

/**
 * Runs one check as one case through the real engine, as `mcp-eval run` would, against whatever
 * `connector` reaches (a server over `@mcp-eval/transports`, or a connection written in memory),
 * and returns the case record: what the project's own check tests assert on.
 */
export async function evaluateCheckCase(
  check: CheckDefinition,
  params: unknown,
  connector: Connector,
  options: CheckCaseOptions = {},
): Promise<CaseRecord> {
  const timeoutMs = options.timeoutMs ?? CHECK_CASE_TIMEOUT_MS;
  const evaluation = await evaluate({
    connector,
    cases: [{ id: 'case-under-test', check, params, ...(options.gate ? { gate: options.gate } : {}) }],
    repeat: options.repeat ?? 1,
    allowMutation: options.allowMutation ?? false,
    timeoutMs,
    ...(options.callTimeoutMs === undefined ? {} : { callTimeoutMs: options.callTimeoutMs }),
    ...(options.caseTimeoutMs === undefined ? {} : { caseTimeoutMs: options.caseTimeoutMs }),
    ...(options.catalogBudget === undefined ? {} : { catalogBudget: options.catalogBudget }),
    concurrency: 1,
  });
  const [record] = evaluation.records;
  if (!record) throw new Error('the engine returned no record');
  return record;
}
