import { Writable } from 'node:stream';

import type { SpanRecord } from '@mcp-eval/core';
import { describe, expect, it } from 'vitest';

import { startOtlpReceiver } from '../test-support/otlp-receiver.js';
import { exportSpans, OTLP_EXPORT_BATCH_SPANS, tracesUrl } from './otlp-export.js';
import { startRunTracing } from './run-tracing.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

function requestSpan(index: number): SpanRecord {
  return {
    role: 'request',
    name: 'tools/call',
    traceId: TRACE_ID,
    spanId: index.toString(16).padStart(16, '0').replace(/^0/, 'a'),
    parentSpanId: '00f067aa0ba902b7',
    startTimeMs: 1_764_590_000_000 + index,
    endTimeMs: 1_764_590_000_000 + index + 1.5,
    status: 'ok',
    attributes: { 'rpc.method': 'tools/call', 'mcp_eval.request.latency_ms': 1.5 },
  };
}

function stderrSink(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({ write: (chunk: Buffer | string, _encoding, done) => ((text += String(chunk)), done()) });
  return { stream, text: () => text };
}

describe('OTLP export limits', () => {
  it(`sends at most OTLP_EXPORT_BATCH_SPANS (${OTLP_EXPORT_BATCH_SPANS}) spans per request, every span once, ids and times kept`, async () => {
    const receiver = await startOtlpReceiver();
    try {
      const spans = Array.from({ length: 2 * OTLP_EXPORT_BATCH_SPANS + 76 }, (_, i) => requestSpan(i));
      expect(await exportSpans(new URL(receiver.url), spans, '0.1.0')).toBe('exported');
      const perBody = receiver.bodies.map((body) => (body.match(/"spanId"/g) ?? []).length);
      expect(perBody).toEqual([OTLP_EXPORT_BATCH_SPANS, OTLP_EXPORT_BATCH_SPANS, 76]);
      const received = receiver.spans();
      expect(received.map((span) => span.spanId).sort()).toEqual(spans.map((span) => span.spanId).sort());
      expect(received.every((span) => span.traceId === TRACE_ID && span.parentSpanId === '00f067aa0ba902b7')).toBe(true);
      const first = JSON.parse(receiver.bodies[0] ?? '{}') as {
        resourceSpans: { scopeSpans: { spans: { startTimeUnixNano: string }[] }[] }[];
      };
      expect(first.resourceSpans[0]?.scopeSpans[0]?.spans[0]?.startTimeUnixNano).toBe('1764590000000000000');
    } finally {
      await receiver.close();
    }
  });

  it('gives up on a collector that never answers after the export time limit', async () => {
    const receiver = await startOtlpReceiver({ status: 200, body: '{}', hang: true });
    try {
      const started = performance.now();
      expect(await exportSpans(new URL(receiver.url), [requestSpan(1)], '0.1.0', { timeoutMs: 300 })).toBe('export-failed');
      expect(performance.now() - started).toBeLessThan(8_000);
      expect(receiver.bodies.length).toBeGreaterThanOrEqual(1);
    } finally {
      await receiver.close();
    }
  });

  it('keeps at most MAX_EXPORTED_SPANS spans, always the run span, and says how many it dropped', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const stderr = stderrSink();
      const tracing = startRunTracing(
        { otlpEndpoint: receiver.url },
        { stdout: stderr.stream, stderr: stderr.stream, env: {}, cwd: '/' },
        3,
      );
      for (let i = 0; i < 5; i += 1) tracing.trace.onSpan?.({ ...requestSpan(i + 1), traceId: tracing.trace.traceId });
      await tracing.finish('run', { cases: 0, pass: 0, fail: 0, skip: 0, error: 0 });
      const received = receiver.spans();
      expect(received).toHaveLength(4);
      expect(received.filter((span) => span.name === 'mcp-eval run')).toHaveLength(1);
      expect(stderr.text()).toBe('otlp: 2 spans over MAX_EXPORTED_SPANS (3) not exported\n');
    } finally {
      await receiver.close();
    }
  });

  it('appends /v1/traces to a base endpoint, as OTEL_EXPORTER_OTLP_ENDPOINT does', () => {
    expect(tracesUrl(new URL('http://127.0.0.1:4318'))).toBe('http://127.0.0.1:4318/v1/traces');
    expect(tracesUrl(new URL('https://collector.example/otel/'))).toBe('https://collector.example/otel/v1/traces');
    expect(tracesUrl(new URL('http://127.0.0.1:4318/v1/traces'))).toBe('http://127.0.0.1:4318/v1/traces');
  });
});
