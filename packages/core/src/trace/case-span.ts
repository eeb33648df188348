import type { CheckDefinition } from '../check.js';
import type { RunOutcome } from '../engine/run-outcome.js';
import type { RunTrace } from './run-trace.js';
import { epochNowMs } from './span-record.js';

export interface CaseSpan {
  readonly spanId: string;
  readonly caseId: string;
  readonly check: Pick<CheckDefinition, 'id' | 'kind'>;
  /** 0-based: which of the case's `repeat` runs this was. */
  readonly run: number;
  readonly startTimeMs: number;
}

/** Emits one run of one case as a child of the run span: ids, its status and label, numbers. */
export function endCaseSpan(trace: RunTrace, span: CaseSpan, outcome: RunOutcome): void {
  trace.onSpan?.({
    role: 'case',
    name: 'mcp-eval case',
    traceId: trace.traceId,
    spanId: span.spanId,
    parentSpanId: trace.runSpanId,
    startTimeMs: span.startTimeMs,
    endTimeMs: epochNowMs(),
    status: outcome.status === 'pass' ? 'ok' : outcome.status === 'skip' ? 'unset' : 'error',
    attributes: {
      'mcp_eval.case.id': span.caseId,
      'mcp_eval.check.id': span.check.id,
      'mcp_eval.check.kind': span.check.kind,
      'mcp_eval.case.run': span.run,
      'mcp_eval.case.status': outcome.status,
      // The outcome crossed the record boundary already: a check label and a validated tool name.
      ...(outcome.label === undefined ? {} : { 'mcp_eval.case.label': outcome.label }),
      ...(outcome.tool === undefined ? {} : { 'mcp.tool.name': outcome.tool }),
    },
  });
}
