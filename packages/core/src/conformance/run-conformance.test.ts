import type { HttpFixture, ListeningServer } from '@mcp-eval/fixture-servers';
import { everythingStdio, onePasswordStdio, startEverythingHttp, startHttpFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import type { Target } from '@mcp-eval/transports';
import { createConnector } from '@mcp-eval/transports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createRunReport } from '../engine/create-run-report.js';
import type { CheckDefinition } from '../check.js';
import type { CaseRecord } from '../record.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { conformanceChecks, findConformanceCheck } from './index.js';
import { runConformance, runConformanceEras } from './run-conformance.js';

type Verdicts = Record<string, string>;
type Era = 'modern' | 'legacy';
type Via = 'stdio' | 'http';

/** `id → status:label` for every record: one value to compare a whole run with. */
function verdicts(records: readonly CaseRecord[]): Verdicts {
  return Object.fromEntries(records.map((r) => [r.id, `${r.status}:${r.label ?? ''}`]));
}

/** The skip an assertion's own labels declare for an era or a transport it does not apply to; the era is decided first. */
function declaredSkip(check: CheckDefinition, era: Era, via: Via): string | undefined {
  const has = (label: string) => Object.hasOwn(check.labels, label);
  const otherEra = era === 'modern' ? 'era-modern' : 'era-legacy';
  if (has(otherEra)) return `skip:${otherEra}`;
  const otherVia = via === 'stdio' ? 'not-applicable-stdio' : 'not-applicable-http';
  return has(otherVia) ? `skip:${otherVia}` : undefined;
}

/**
 * A whole run's verdicts, derived from the definitions: each assertion skips where its own labels
 * say its era or transport does not apply, and passes (with one of its own labels) everywhere else,
 * unless `differs` names its verdict on this server: what the server does not exercise, or fails.
 * So an assertion that passes the reference and the published servers adds no line here; its own
 * test holds its pass labels.
 */
function expectVerdicts(records: readonly CaseRecord[], era: Era, via: Via, differs: Verdicts): void {
  const expected = Object.fromEntries(conformanceChecks.map((c) => [c.id, differs[c.id] ?? declaredSkip(c, era, via) ?? 'pass']));
  const got = Object.fromEntries(records.map((r) => [r.id, expected[r.id] === 'pass' ? r.status : `${r.status}:${r.label ?? ''}`]));
  expect(got).toEqual(expected);
  for (const r of records) expect(Object.hasOwn(findConformanceCheck(r.id)?.labels ?? {}, r.label ?? ''), `${r.id}: ${r.label}`).toBe(true);
  for (const id of Object.keys(differs)) expect(findConformanceCheck(id), id).toBeDefined();
}

async function conform(target: Target, protocol: 'auto' | '2026-07-28' | '2025-11-25' = 'auto') {
  const evaluation = await runConformance(createConnector(target, { protocol, timeoutMs: 15_000 }), { timeoutMs: 15_000, concurrency: 2 });
  expectNoCanary(evaluation);
  return evaluation;
}

/** What the reference does not exercise on 2026-07-28, over either transport (other fixtures prove the passes). */
const REFERENCE_MODERN = {
  // None of its read-only tools needs a client capability (capability-gated proves the pass).
  'missing-capability-error': 'skip:no-capability-requirement-found',
  // Nor asks for input (capability-gated and mrtr-flaws prove the pass).
  'input-required-rounds': 'skip:no-input-request-found',
  // It serves initialize too (header-flaws and modern-only prove the other verdicts).
  'initialize-refusal': 'skip:initialize-served',
  // No reference tool marks a parameter x-mcp-header.
  'header-declarations': 'skip:no-header-declared',
  // It sends no progress.
  'progress-notifications': 'skip:no-progress-observed',
};
/** Its legacy answers carry no _meta, and it sends no progress. */
const REFERENCE_LEGACY = { 'meta-keys': 'skip:no-meta-observed', 'progress-notifications': 'skip:no-progress-observed' };

describe('runConformance against the reference server', () => {
  let http: HttpFixture;
  beforeAll(async () => {
    http = await startHttpFixture('reference');
  });
  afterAll(async () => {
    await http.close();
  });

  it('runs every assertion once, in registry order, as conformance cases without a manifest location', async () => {
    const { records, protocol, invocationErrors } = await conform(stdioFixture('reference'), '2026-07-28');
    expect(records.map((r) => r.id)).toEqual(conformanceChecks.map((c) => c.id));
    expect(records.every((r) => r.kind === 'conformance' && r.check === r.id && r.location === undefined)).toBe(true);
    expect(protocol).toBe('2026-07-28');
    expect(invocationErrors).toEqual([]);
    expectVerdicts(records, 'modern', 'stdio', REFERENCE_MODERN);
  });

  it('passes every assertion that applies on 2026-07-28 over HTTP', async () => {
    const { records } = await conform({ transport: 'http', url: http.url }, '2026-07-28');
    expectVerdicts(records, 'modern', 'http', {
      ...REFERENCE_MODERN,
      // It answers in JSON, so its SSE is proven on legacy HTTP.
      'sse-streams': 'skip:no-sse-observed',
      'sse-framing': 'skip:no-sse-observed',
      'param-header-integers': 'skip:no-integer-header-parameter',
      // No reference tool marks a parameter x-mcp-header (modern-only has one and proves the pass).
      'param-headers': 'skip:no-header-parameter',
      // Its endpoint serves the legacy era too, whose GET and DELETE 2025-11-25 governs.
      'post-only': 'skip:legacy-served',
    });
  });

  it('passes every legacy assertion over stdio', async () => {
    const { records, protocol } = await conform(stdioFixture('reference'), '2025-11-25');
    expect(protocol).toBe('2025-11-25');
    expectVerdicts(records, 'legacy', 'stdio', REFERENCE_LEGACY);
  });

  it('passes every legacy assertion over HTTP, sessions included', async () => {
    const { records } = await conform({ transport: 'http', url: http.url }, '2025-11-25');
    expectVerdicts(records, 'legacy', 'http', {
      ...REFERENCE_LEGACY,
      // The same endpoint also serves 2026-07-28, so its discover answers.
      'discover-versions': 'pass:discover-valid',
    });
    expect(verdicts(records)).toMatchObject({
      'sse-streams': 'pass:sse-streams-distinct',
      'http-session-lifecycle': 'pass:session-lifecycle-honest',
    });
  });

  it('assembles a conformance report without a manifest', async () => {
    const started = new Date();
    const evaluation = await conform(stdioFixture('sloppy-modern'));
    const report = createRunReport({
      command: 'conformance',
      toolVersion: '0.0.0-test',
      target: { transport: 'stdio', protocol: evaluation.protocol ?? '' },
      startedAt: started,
      durationMs: 1,
      records: evaluation.records,
      checks: conformanceChecks,
    });
    expect(report).toMatchObject({ command: 'conformance', summary: { cases: conformanceChecks.length, fail: 13 } });
    expect(report.manifest).toBeUndefined();
    expect(report.checks.map((c) => c.id)).toEqual(conformanceChecks.map((c) => c.id));
    expect(report.checks.every((c) => c.kind === 'conformance')).toBe(true);
  });
});

describe('runConformance against published servers', () => {
  let everything: ListeningServer | undefined;
  afterAll(async () => {
    await everything?.close();
  });

  // server-everything (SDK 1.x, legacy only) answers an unknown tool with an isError result
  // ("MCP error -32602: Tool ... not found") where 2025-11-25 calls for a JSON-RPC error.
  const EVERYTHING = {
    'unknown-tool-error': 'fail:reported-as-tool-error',
    // It declares tools, resources, prompts, logging, tasks and completions: nothing undeclared to probe.
    'declared-capabilities': 'skip:everything-declared',
    // An unknown cursor on tools/list is answered with a page (a Pagination SHOULD: -32602).
    'invalid-cursor': 'fail:tools-served',
    'meta-keys': 'skip:no-meta-observed',
    // Its progress tool is not annotated read-only, so conformance never calls it.
    'progress-notifications': 'skip:no-progress-observed',
  };

  it('server-everything over stdio: legacy, honest except for unknown tools', async () => {
    const { records, protocol } = await conform(everythingStdio());
    expect(protocol).toBe('2025-11-25');
    expectVerdicts(records, 'legacy', 'stdio', EVERYTHING);
    // Its schemas declare draft-07, and are validated as such.
    expect(records.find((r) => r.id === 'tool-schemas')?.measurements).toMatchObject({ invalidSchemas: 0, unknownDialects: 0 });
  });

  it('server-everything over HTTP: a deleted session answers 400, not the 404 that tells a client to start over', async () => {
    everything = await startEverythingHttp();
    const { records } = await conform({ transport: 'http', url: everything.url });
    expectVerdicts(records, 'legacy', 'http', {
      ...EVERYTHING,
      'http-session-lifecycle': 'fail:terminated-session-not-404',
      // It also serves a request from any Origin (DNS rebinding): 200 where Streamable HTTP requires 403.
      'origin-validation': 'fail:foreign-origin-served',
    });
    const session = records.find((r) => r.id === 'http-session-lifecycle');
    expect(session?.measurements).toEqual({ httpStatus: 400 });
    expect(session?.findings).toEqual([{ label: 'unknown-session-not-404', measurements: { httpStatus: 400 } }]);
  });

  it('1password-mcp over stdio, without a token: 2026-07-28, conformant where it applies except for re-checking the version on an established connection and listing resources it cannot read', async () => {
    const { records, protocol } = await conform(onePasswordStdio());
    expect(protocol).toBe('2026-07-28');
    expectVerdicts(records, 'modern', 'stdio', {
      // It annotates no tool read-only, so conformance calls none of them.
      'missing-capability-error': 'skip:no-capability-requirement-found',
      // Built on the SDK's serveStdio, which checks the version of a connection's first request only.
      'unsupported-version-error': 'fail:established-connection-served',
      // No read-only tool, so no structured result; its prompts and reads are well encoded.
      'structured-content': 'skip:no-structured-tools',
      'structured-text': 'skip:no-structured-results',
      // It lists resources (one a {vaultId} template) and answers every read of them "not found".
      'listed-resources-readable': 'fail:listed-resource-not-found',
      'input-required-rounds': 'skip:no-input-request-found',
      'initialize-refusal': 'skip:initialize-served',
      'invalid-cursor': 'fail:tools-served',
      'header-declarations': 'skip:no-header-declared',
      'progress-notifications': 'skip:no-progress-observed',
    });
    expect(records.find((r) => r.id === 'missing-capability-error')?.measurements).toEqual({ candidates: 0 });
  });
});

describe('runConformanceEras: both eras in one list', () => {
  const eraConnectors = (target: Target) =>
    [
      { era: 'modern', connector: createConnector(target, { protocol: '2026-07-28', timeoutMs: 15_000 }) },
      { era: 'legacy', connector: createConnector(target, { protocol: '2025-11-25', timeoutMs: 15_000 }) },
    ] as const;
  const byEra = (records: readonly CaseRecord[], era: string): Verdicts => verdicts(records.filter((r) => r.era === era));

  it('1password-mcp over stdio: legacy passes its handshake and errors, modern fails unsupported-version-error, in one list that says each era', async () => {
    const evaluation = await runConformanceEras(eraConnectors(onePasswordStdio()), { timeoutMs: 15_000, concurrency: 2 });
    expectNoCanary(evaluation);
    const { records, protocol, invocationErrors } = evaluation;
    expect(protocol).toBeUndefined();
    expect(invocationErrors).toEqual([]);
    expect(records.every((r) => r.era === 'modern' || r.era === 'legacy')).toBe(true);
    // Modern first, then legacy; an assertion about the other era is not repeated as a skip.
    const firstLegacy = records.findIndex((r) => r.era === 'legacy');
    expect(records.slice(firstLegacy).every((r) => r.era === 'legacy')).toBe(true);
    expect(records.some((r) => r.label === 'era-modern' || r.label === 'era-legacy')).toBe(false);
    const modern = byEra(records, 'modern');
    const legacy = byEra(records, 'legacy');
    expect(modern).toMatchObject({
      'discover-versions': 'pass:discover-valid',
      'unsupported-version-error': 'fail:established-connection-served',
    });
    expect(modern['legacy-initialize']).toBeUndefined();
    expect(legacy).toMatchObject({
      'legacy-initialize': 'pass:version-negotiated',
      'unknown-tool-error': 'pass:unknown-tool-rejected',
      'stable-ordering': 'pass:order-stable',
    });
    expect(legacy['unsupported-version-error']).toBeUndefined();
    // The assertions about legacy sessions and versions pass; only modern's version re-check fails here.
    expect(legacy).toMatchObject({ 'tool-schemas': 'pass:schemas-valid', 'missing-resource-error': 'pass:not-found-honest' });
  });

  it('the reference over HTTP: every assertion of both eras passes or skips, headers and sessions included', async () => {
    const http = await startHttpFixture('reference');
    try {
      const { records } = await runConformanceEras(eraConnectors({ transport: 'http', url: http.url }), {
        timeoutMs: 15_000,
        concurrency: 2,
      });
      expect(byEra(records, 'modern')).toMatchObject({
        'http-standard-headers': 'pass:headers-required',
        'unsupported-version-error': 'pass:unsupported-version-rejected',
      });
      expect(byEra(records, 'legacy')).toMatchObject({
        'http-session-lifecycle': 'pass:session-lifecycle-honest',
        'legacy-initialize': 'pass:version-negotiated',
      });
      expect(records.filter((r) => r.status === 'fail' || r.status === 'error')).toEqual([]);
    } finally {
      await http.close();
    }
  });

  it('an era the server does not speak keeps its records as connect failures, so the run fails', async () => {
    const { records, invocationErrors } = await runConformanceEras(eraConnectors(everythingStdio()), { timeoutMs: 15_000, concurrency: 2 });
    const modern = records.filter((r) => r.era === 'modern');
    expect(modern).toHaveLength(conformanceChecks.length);
    expect(new Set(modern.map((r) => `${r.status}:${r.label ?? ''}`))).toEqual(new Set(['error:connect-failed']));
    expect(invocationErrors.map((e) => e.label)).toEqual(['connect-era-unsupported']);
    expect(byEra(records, 'legacy')).toMatchObject({ 'legacy-initialize': 'pass:version-negotiated' });
  });
});
