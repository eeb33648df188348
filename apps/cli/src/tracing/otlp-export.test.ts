import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import type { TraceLogEntry } from '@mcp-eval/fixture-servers';
import { CANARY, readTraceLog, startHttpFixture } from '@mcp-eval/fixture-servers';
import { parseTraceparent } from '@mcp-eval/core';
import { describe, expect, it } from 'vitest';

import type { ReceivedSpan } from '../test-support/otlp-receiver.js';
import { BundleGraph } from '../test-support/bundle-graph.js';
import { startOtlpReceiver } from '../test-support/otlp-receiver.js';
import { CLI, inScratch, runBin, writeManifest } from '../test-support/run-cli.js';
import { httpServerYaml, stdioServerYaml } from '../test-support/server-yaml.js';

/** An argument value the spans must never carry. */
const ARGUMENT_VALUE = 'argument-value-7f3a';

// Cases that pass on the reference fixture and send several requests each (contention opens connections of its own).
const CASES = `
cases:
  - id: echo-guessable
    dimension: schema-guessability
    tool: echo
    arguments: { message: ${ARGUMENT_VALUE} }
  - id: missing-item-is-honest
    dimension: error-honesty
    tool: get_item
    arguments: { id: does-not-exist }
    expect_retryable: false
  - id: concurrent-sum
    dimension: contention
    tool: add
    arguments: { a: 1, b: 2 }
`;
const CASE_IDS = ['echo-guessable', 'missing-item-is-honest', 'concurrent-sum'];

interface Report {
  readonly runId?: string;
  readonly summary: { readonly pass: number };
}

async function runTraced(dir: string, server: string, extra: readonly string[]) {
  const manifest = await writeManifest(dir, `version: 1\n${server}\n${CASES}`);
  const reportPath = join(dir, 'report.json');
  const result = await runBin(['run', manifest, '--reporter', `json=${reportPath}`, ...extra], { cwd: dir });
  // On no report, say why (the CLI's own words: no server text reaches stderr).
  const text = await readFile(reportPath, 'utf8').catch(() => expect.fail(`no report (exit ${String(result.code)}): ${result.stderr}`));
  const report = JSON.parse(text) as Report;
  return { result, report };
}

/** Run → case → request: one root, every case under it, every request under a case. */
function checkParentage(spans: readonly ReceivedSpan[], runId: string): Map<string, ReceivedSpan> {
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  expect(byId.size).toBe(spans.length);
  expect(spans.every((span) => span.traceId === runId)).toBe(true);
  const roots = spans.filter((span) => !span.parentSpanId);
  expect(roots.map((span) => span.name)).toEqual(['mcp-eval run']);
  const root = roots[0];
  const cases = spans.filter((span) => span.name === 'mcp-eval case');
  expect(cases.every((span) => span.parentSpanId === root?.spanId)).toBe(true);
  expect(cases.map((span) => span.attributes['mcp_eval.case.id']).sort()).toEqual([...CASE_IDS].sort());
  const requests = spans.filter((span) => span !== root && !cases.includes(span));
  expect(requests.length).toBeGreaterThanOrEqual(CASE_IDS.length);
  for (const request of requests) {
    expect(byId.get(request.parentSpanId ?? '')?.name).toBe('mcp-eval case');
    expect(request.kind).toBe(3); // SPAN_KIND_CLIENT in OTLP's numbering
    expect(request.attributes['rpc.system']).toBe('jsonrpc');
    expect(typeof request.attributes['mcp_eval.request.latency_ms']).toBe('number');
  }
  return byId;
}

/** What the server received per tools/call names an exported request span of the right case. */
function checkReceived(received: readonly TraceLogEntry[], byId: Map<string, ReceivedSpan>, runId: string): void {
  expect(received.length).toBeGreaterThanOrEqual(CASE_IDS.length);
  for (const entry of received) {
    const parsed = parseTraceparent(entry.traceparent);
    expect(parsed?.traceId).toBe(runId);
    const request = byId.get(parsed?.parentId ?? '');
    expect(request?.name).toBe('tools/call');
    expect(request?.attributes['mcp.tool.name']).toBe(entry.tool);
    expect(entry.tracestate).toBeNull();
    expect(entry.baggage).toBeNull();
  }
  expect(new Set(received.map((entry) => entry.traceparent)).size).toBe(received.length);
}

describe('--otlp-endpoint', () => {
  it('exports run → case → request spans over OTLP/HTTP whose ids match the traceparent the server received (stdio), with no server text or argument value', async () => {
    const receiver = await startOtlpReceiver();
    try {
      await inScratch(async (dir) => {
        const log = join(dir, 'trace.jsonl');
        const { result, report } = await runTraced(dir, stdioServerYaml('reference', 'auto', { FIXTURE_TRACE_LOG: log }), [
          '--otlp-endpoint',
          receiver.url,
        ]);
        expect(result.code).toBe(0);
        expect(report.runId).toMatch(/^[0-9a-f]{32}$/);
        const runId = report.runId ?? '';
        expect(receiver.paths.every((path) => path === '/v1/traces')).toBe(true);
        const byId = checkParentage(receiver.spans(), runId);
        checkReceived(readTraceLog(log), byId, runId);
        for (const text of [...receiver.bodies, result.stdout, result.stderr]) {
          expect(text).not.toContain(CANARY);
          expect(text).not.toContain(ARGUMENT_VALUE);
        }
      });
    } finally {
      await receiver.close();
    }
  });

  it('does the same over HTTP in the 2026-07-28 era', async () => {
    const receiver = await startOtlpReceiver();
    try {
      await inScratch(async (dir) => {
        const log = join(dir, 'trace.jsonl');
        const http = await startHttpFixture('reference', { FIXTURE_TRACE_LOG: log });
        try {
          const { result, report } = await runTraced(dir, httpServerYaml(http.url, '2026-07-28'), [
            '--otlp-endpoint',
            `${receiver.url}/v1/traces`,
          ]);
          expect(result.code).toBe(0);
          const runId = report.runId ?? '';
          checkReceived(readTraceLog(log), checkParentage(receiver.spans(), runId), runId);
          expect(receiver.bodies.join('\n')).not.toContain(CANARY);
        } finally {
          await http.close();
        }
      });
    } finally {
      await receiver.close();
    }
  });

  it('a collector that refuses the export is one fixed line on stderr, never its answer, and the run keeps its exit code', async () => {
    const receiver = await startOtlpReceiver({ status: 400, body: JSON.stringify({ error: CANARY }) });
    try {
      await inScratch(async (dir) => {
        const { result, report } = await runTraced(dir, stdioServerYaml('reference'), ['--otlp-endpoint', receiver.url]);
        expect(result.code).toBe(0);
        expect(report.summary.pass).toBe(CASE_IDS.length);
        expect(receiver.bodies.length).toBeGreaterThan(0);
        expect(result.stderr).toContain('otlp: export failed');
        expect(result.stdout + result.stderr).not.toContain(CANARY);
      });
    } finally {
      await receiver.close();
    }
  });

  it('refuses a URL that is not http(s), without echoing it', async () => {
    await inScratch(async (dir) => {
      const manifest = await writeManifest(dir, `version: 1\n${stdioServerYaml('reference')}\n${CASES}`);
      const result = await runBin(['run', manifest, '--otlp-endpoint', 'file:///secret-token-path'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--otlp-endpoint needs an http:// or https:// URL');
      expect(result.stderr).not.toContain('secret-token-path');
    });
  });
});

describe('trace context', () => {
  it('is on by default: the report names the run id every traceparent carries', async () => {
    await inScratch(async (dir) => {
      const log = join(dir, 'trace.jsonl');
      const { result, report } = await runTraced(dir, stdioServerYaml('reference', '2025-11-25', { FIXTURE_TRACE_LOG: log }), []);
      expect(result.code).toBe(0);
      const received = readTraceLog(log);
      expect(received.length).toBeGreaterThanOrEqual(CASE_IDS.length);
      expect(received.every((entry) => parseTraceparent(entry.traceparent)?.traceId === report.runId)).toBe(true);
    });
  });

  it('--no-trace-context sends none', async () => {
    await inScratch(async (dir) => {
      const log = join(dir, 'trace.jsonl');
      const { result } = await runTraced(dir, stdioServerYaml('reference', 'auto', { FIXTURE_TRACE_LOG: log }), ['--no-trace-context']);
      expect(result.code).toBe(0);
      const received = readTraceLog(log);
      expect(received.length).toBeGreaterThanOrEqual(CASE_IDS.length);
      expect(received.every((entry) => entry.traceparent === null && entry.tracestate === null && entry.baggage === null)).toBe(true);
    });
  });

  it('OpenTelemetry is loaded only with --otlp-endpoint: the exporter is reached by import() alone', async () => {
    const graph = await BundleGraph.read(dirname(CLI));
    const otel = graph.holding(/\/@opentelemetry\//);
    const exporter = graph.chunkOf('apps/cli/src/tracing/otlp-export.ts');
    expect(otel).toContain(exporter);
    const tracing = graph.chunkOf('apps/cli/src/tracing/run-tracing.ts');
    for (const chunk of graph.names().filter((name) => !otel.includes(name)))
      expect(graph.staticClosure(chunk).has(exporter), `${chunk} imports the exporter statically`).toBe(false);
    expect(graph.staticClosure(tracing).has(exporter)).toBe(false);
  });
});
