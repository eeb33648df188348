/**
 * One finished span as core emits it: ids, times and attributes that are numbers, fixed labels,
 * case and check ids, methods the evaluator sent and validated tool names. Never server text, never
 * argument values. Core never imports OpenTelemetry: the CLI turns these into OTel spans.
 */
export type SpanRole = 'run' | 'case' | 'request';

/** `unset` is OpenTelemetry's default; `error` marks a failed request or a case that did not pass. */
export type SpanStatus = 'unset' | 'ok' | 'error';

export type SpanAttributes = Readonly<Record<string, string | number>>;

export interface SpanRecord {
  readonly role: SpanRole;
  readonly name: string;
  readonly traceId: string;
  readonly spanId: string;
  /** Absent on the run span, the trace's root. */
  readonly parentSpanId?: string;
  /** Milliseconds since the Unix epoch, fractional. */
  readonly startTimeMs: number;
  readonly endTimeMs: number;
  readonly status: SpanStatus;
  readonly attributes: SpanAttributes;
}

/** Where finished spans go (the CLI's OTLP exporter adapter, or a test's list). */
export type SpanSink = (span: SpanRecord) => void;

/** Now, in milliseconds since the Unix epoch, with sub-millisecond precision. */
export function epochNowMs(): number {
  return performance.timeOrigin + performance.now();
}
