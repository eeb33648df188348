import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TraceLogEntry } from '@mcp-eval/fixture-servers';
import { CANARY, readTraceLog, startHttpFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import type { Connection, ProtocolChoice } from '@mcp-eval/protocol';
import { LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from '@mcp-eval/protocol';
import type { Target } from '@mcp-eval/transports';
import { createConnector } from '@mcp-eval/transports';
import { afterEach, describe, expect, it } from 'vitest';

import { defineCheck } from '../check.js';
import { evaluate } from '../engine/evaluate.js';
import type { EngineCase } from '../engine/evaluate.js';
import { createRunTrace } from './run-trace.js';
import type { SpanRecord } from './span-record.js';
import { parseTraceparent } from './trace-ids.js';

/** Calls `add` three times on the case's connection and once on a fresh one it opens, then a method no server has. */
const CALLS_PER_CASE = 4;
const callsAdd = defineCheck<unknown, 'x'>({
  id: 'calls-add',
  kind: 'probe',
  title: 'Calls add',
  summary: 'Calls add on the case connection and on a fresh one.',
  params: {},
  labels: { x: 'never' },
  run: async (ctx) => {
    const call = (connection: Connection, a: number) => connection.request('tools/call', { name: 'add', arguments: { a, b: 1 } });
    for (let a = 0; a < CALLS_PER_CASE - 1; a += 1) await call(ctx.connection, a);
    await call(await ctx.openConnection(), 9);
    await ctx.connection.request('mcp-eval/no-such-method');
    return { status: 'pass', measurements: {} };
  },
});
const cases: EngineCase[] = [
  { id: 'first', check: callsAdd, params: {} },
  { id: 'second', check: callsAdd, params: {} },
];

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function traceLogPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-eval-trace-'));
  dirs.push(dir);
  return join(dir, 'trace.jsonl');
}

async function runOn(target: Target, protocol: ProtocolChoice, propagate: boolean): Promise<{ spans: SpanRecord[]; traceId: string }> {
  const spans: SpanRecord[] = [];
  const trace = createRunTrace({ propagate, onSpan: (span) => spans.push(span) });
  const { records } = await evaluate({ connector: createConnector(target, { protocol, timeoutMs: 20_000 }), cases, concurrency: 1, trace });
  expect(records.map((r) => r.status)).toEqual(['pass', 'pass']);
  return { spans, traceId: trace.traceId };
}

type Transport = 'stdio' | 'http';
async function withTarget<T>(transport: Transport, log: string, use: (target: Target) => Promise<T>): Promise<T> {
  if (transport === 'stdio') return use(stdioFixture('reference', { FIXTURE_TRACE_LOG: log }));
  const http = await startHttpFixture('reference', { FIXTURE_TRACE_LOG: log });
  try {
    return await use({ transport: 'http', url: http.url });
  } finally {
    await http.close();
  }
}

const matrix: [Transport, ProtocolChoice][] = [
  ['stdio', LEGACY_PROTOCOL_VERSION],
  ['stdio', MODERN_PROTOCOL_VERSION],
  ['http', LEGACY_PROTOCOL_VERSION],
  ['http', MODERN_PROTOCOL_VERSION],
];

describe('trace context', () => {
  it.each(matrix)(
    'every tools/call carries a valid W3C traceparent in _meta, one span id per request (%s, %s)',
    async (transport, protocol) => {
      const log = traceLogPath();
      const { spans, traceId } = await withTarget(transport, log, (target) => runOn(target, protocol, true));
      const received: TraceLogEntry[] = readTraceLog(log);
      expect(received).toHaveLength(cases.length * CALLS_PER_CASE);
      const parsed = received.map((entry) => parseTraceparent(entry.traceparent));
      // Version 00, the run's 32-hex trace id (not all zeros), a 16-hex span id, the sampled flag.
      expect(received.every((entry) => /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/.test(entry.traceparent ?? ''))).toBe(true);
      expect(parsed.every((p) => p?.traceId === traceId)).toBe(true);
      expect(new Set(parsed.map((p) => p?.parentId)).size).toBe(received.length);
      // tracestate and baggage: none by default.
      expect(received.every((entry) => entry.tracestate === null && entry.baggage === null)).toBe(true);

      // What the server saw as parent is the request span, whose parent is its case's span, whose parent is the run.
      const byId = new Map(spans.map((span) => [span.spanId, span]));
      const run = spans.filter((span) => span.role === 'run');
      expect(run).toEqual([]); // the run span is the CLI's to end (endRunTrace), after every case
      const caseSpans = spans.filter((span) => span.role === 'case');
      expect(caseSpans.map((span) => span.attributes['mcp_eval.case.id'])).toEqual(['first', 'second']);
      const perCase = new Map<string, number>();
      for (const p of parsed) {
        const request = byId.get(p?.parentId ?? '');
        expect(request?.role).toBe('request');
        expect(request?.name).toBe('tools/call');
        const parent = byId.get(request?.parentSpanId ?? '');
        expect(parent?.role).toBe('case');
        expect(parent?.parentSpanId).toBeDefined();
        perCase.set(parent?.spanId ?? '', (perCase.get(parent?.spanId ?? '') ?? 0) + 1);
      }
      // Every request of a case, on its connection or a fresh one it opened, hangs off that case's span.
      expect([...perCase.values()]).toEqual([CALLS_PER_CASE, CALLS_PER_CASE]);
      // A JSON-RPC error is a code on its span, and the span says nothing the server wrote.
      const unknown = spans.filter((span) => span.name === 'mcp-eval/no-such-method');
      expect(
        unknown.map((span) => [span.status, span.attributes['rpc.jsonrpc.error_code'], span.attributes['mcp_eval.request.outcome']]),
      ).toEqual([
        ['error', -32601, 'error'],
        ['error', -32601, 'error'],
      ]);
      expect(JSON.stringify(spans)).not.toContain(CANARY);
    },
  );

  it.each(matrix)('sends no traceparent when propagation is off (%s, %s)', async (transport, protocol) => {
    const log = traceLogPath();
    const { spans } = await withTarget(transport, log, (target) => runOn(target, protocol, false));
    const received = readTraceLog(log);
    expect(received).toHaveLength(cases.length * CALLS_PER_CASE);
    expect(received.every((entry) => entry.traceparent === null && entry.tracestate === null && entry.baggage === null)).toBe(true);
    // Spans are still recorded (export does not depend on propagation).
    expect(spans.filter((span) => span.role === 'request')).toHaveLength(cases.length * (CALLS_PER_CASE + 1));
  });
});
