import type { CaseRecord } from '../record.js';
import type { Connector } from '../connection.js';
import type { Evaluation } from '../engine/evaluate.js';
import { evaluate } from '../engine/evaluate.js';
import { conformanceChecks } from './index.js';

export interface ConformanceOptions {
  /** Per-request limit. @default 10000 */
  readonly timeoutMs?: number;
  /** Per-assertion limit. @default 10 × timeoutMs */
  readonly caseTimeoutMs?: number;
  /** Connections (on stdio, server processes) running assertions at once. @default 4 */
  readonly concurrency?: number;
  readonly signal?: AbortSignal;
  readonly onCaseStart?: (id: string) => void;
  readonly onCaseEnd?: (record: CaseRecord) => void;
}

/**
 * Runs every conformance assertion against the target through the same engine as `run`: one case
 * per assertion, its id the check id, no manifest location. The records render with the same
 * reporters (`createRunReport({ command: 'conformance', ... })`).
 */
export function runConformance(connector: Connector, options: ConformanceOptions = {}): Promise<Evaluation> {
  return evaluate({
    connector,
    cases: conformanceChecks.map((check) => ({ id: check.id, check, params: {} })),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.caseTimeoutMs === undefined ? {} : { caseTimeoutMs: options.caseTimeoutMs }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onCaseStart === undefined ? {} : { onCaseStart: options.onCaseStart }),
    ...(options.onCaseEnd === undefined ? {} : { onCaseEnd: options.onCaseEnd }),
  });
}
