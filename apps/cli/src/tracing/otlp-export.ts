import type { HrTime, SpanContext } from '@opentelemetry/api';
import { SpanKind, SpanStatusCode, TraceFlags } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { SpanRecord, SpanStatus } from '@mcp-eval/core';

/**
 * The one module that loads OpenTelemetry: `--otlp-endpoint` imports it lazily, so a run without
 * it never pays for the SDK. Core's span records become OTel `ReadableSpan`s (their ids kept, so the
 * `traceparent` a server received names a span that exists) and go out with the official OTLP/HTTP
 * (JSON) exporter.
 */

/** Spans per OTLP request: bounds one export body (a few hundred bytes a span). */
export const OTLP_EXPORT_BATCH_SPANS = 512;
/** Per OTLP request, the exporter's own time limit. */
export const OTLP_EXPORT_TIMEOUT_MS = 10_000;

export type ExportResult = 'exported' | 'export-failed';

function hrTime(epochMs: number): HrTime {
  const seconds = Math.floor(epochMs / 1000);
  const nanos = Math.min(999_999_999, Math.round((epochMs - seconds * 1000) * 1e6));
  return [seconds, nanos];
}

const STATUS: Readonly<Record<SpanStatus, SpanStatusCode>> = {
  unset: SpanStatusCode.UNSET,
  ok: SpanStatusCode.OK,
  error: SpanStatusCode.ERROR,
};

function context(traceId: string, spanId: string): SpanContext {
  return { traceId, spanId, traceFlags: TraceFlags.SAMPLED, isRemote: false };
}

function toReadableSpan(span: SpanRecord, resource: ReadableSpan['resource'], version: string): ReadableSpan {
  const start = hrTime(span.startTimeMs);
  const end = hrTime(Math.max(span.startTimeMs, span.endTimeMs));
  return {
    name: span.name,
    kind: span.role === 'request' ? SpanKind.CLIENT : SpanKind.INTERNAL,
    spanContext: () => context(span.traceId, span.spanId),
    ...(span.parentSpanId === undefined ? {} : { parentSpanContext: context(span.traceId, span.parentSpanId) }),
    startTime: start,
    endTime: end,
    duration: hrTime(Math.max(0, span.endTimeMs - span.startTimeMs)),
    status: { code: STATUS[span.status] },
    attributes: { ...span.attributes },
    links: [],
    events: [],
    ended: true,
    resource,
    instrumentationScope: { name: 'mcp-eval', version },
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}

/** The OTLP traces URL: a base endpoint gets `/v1/traces`, as `OTEL_EXPORTER_OTLP_ENDPOINT` does. */
export function tracesUrl(endpoint: URL): string {
  if (endpoint.pathname.endsWith('/v1/traces')) return endpoint.href;
  const url = new URL(endpoint.href);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/traces`;
  return url.href;
}

export interface ExportLimits {
  /** @default OTLP_EXPORT_BATCH_SPANS */
  readonly batchSpans?: number;
  /** @default OTLP_EXPORT_TIMEOUT_MS */
  readonly timeoutMs?: number;
}

/** Sends every span, in batches, and shuts the exporter down (no socket outlives the run). */
export async function exportSpans(
  endpoint: URL,
  spans: readonly SpanRecord[],
  version: string,
  limits: ExportLimits = {},
): Promise<ExportResult> {
  const batchSpans = limits.batchSpans ?? OTLP_EXPORT_BATCH_SPANS;
  const exporter = new OTLPTraceExporter({
    url: tracesUrl(endpoint),
    timeoutMillis: limits.timeoutMs ?? OTLP_EXPORT_TIMEOUT_MS,
    headers: {},
  });
  const resource = resourceFromAttributes({ 'service.name': 'mcp-eval', 'service.version': version });
  let result: ExportResult = 'exported';
  try {
    for (let start = 0; start < spans.length; start += batchSpans) {
      const batch = spans.slice(start, start + batchSpans).map((span) => toReadableSpan(span, resource, version));
      // The exporter's error may quote the collector's answer: only success or failure is kept.
      const ok = await new Promise<boolean>((resolve) => exporter.export(batch, (outcome) => resolve(outcome.code === 0)));
      if (!ok) result = 'export-failed';
    }
  } finally {
    await exporter.shutdown().catch(() => undefined);
  }
  return result;
}
