import type { Connector } from '@mcp-eval/protocol';
import type { Evaluation, EvaluateOptions } from '../engine/evaluate.js';
import { evaluate } from '../engine/evaluate.js';
import { conformanceChecks } from './index.js';

/** The engine's options that make sense without a manifest. */
export type ConformanceOptions = Pick<EvaluateOptions, 'timeoutMs' | 'caseTimeoutMs' | 'catalogBudget' | 'concurrency' | 'signal' | 'onCaseStart' | 'onCaseEnd'>;

/**
 * Runs every conformance assertion against the target through the same engine as `run`: one case
 * per assertion, its id the check id, no manifest location. The records render with the same
 * reporters (`createRunReport({ command: 'conformance', ... })`).
 */
export function runConformance(connector: Connector, options: ConformanceOptions = {}): Promise<Evaluation> {
  return evaluate({ ...options, connector, cases: conformanceChecks.map((check) => ({ id: check.id, check, params: {} })) });
}
