import type { RunReport, RunSummary } from '../record.js';
import type { SpanSink } from './span-record.js';
import { epochNowMs } from './span-record.js';
import { randomSpanId, randomTraceId } from './trace-ids.js';

/**
 * One run's trace: its trace id (the report's `runId`), the root span every case span hangs off,
 * whether requests carry `traceparent`, and where finished spans go.
 */
export interface RunTrace {
  readonly traceId: string;
  readonly runSpanId: string;
  /** Whether each request's `_meta` carries `traceparent` (`--no-trace-context` turns it off). */
  readonly propagate: boolean;
  readonly startTimeMs: number;
  /** Absent when spans are not exported: the engine then builds none. */
  readonly onSpan?: SpanSink;
}

export interface RunTraceOptions {
  /** @default true */
  readonly propagate?: boolean;
  readonly onSpan?: SpanSink;
}

export function createRunTrace(options: RunTraceOptions = {}): RunTrace {
  return {
    traceId: randomTraceId(),
    runSpanId: randomSpanId(),
    propagate: options.propagate ?? true,
    startTimeMs: epochNowMs(),
    ...(options.onSpan ? { onSpan: options.onSpan } : {}),
  };
}

/** Emits the run's root span, once its cases are done; numbers and the command only. */
export function endRunTrace(trace: RunTrace, command: RunReport['command'], summary: RunSummary): void {
  trace.onSpan?.({
    role: 'run',
    name: 'mcp-eval run',
    traceId: trace.traceId,
    spanId: trace.runSpanId,
    startTimeMs: trace.startTimeMs,
    endTimeMs: epochNowMs(),
    status: summary.fail + summary.error > 0 ? 'error' : 'ok',
    attributes: {
      'mcp_eval.command': command,
      'mcp_eval.run.cases': summary.cases,
      'mcp_eval.run.pass': summary.pass,
      'mcp_eval.run.fail': summary.fail,
      'mcp_eval.run.skip': summary.skip,
      'mcp_eval.run.error': summary.error,
    },
  });
}
