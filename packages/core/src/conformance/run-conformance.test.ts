import type { HttpFixture, ListeningServer } from '@mcp-eval/fixture-servers';
import { everythingStdio, onePasswordStdio, startEverythingHttp, startHttpFixture, stdioFixture } from '@mcp-eval/fixture-servers';
import type { Target } from '@mcp-eval/transports';
import { createConnector } from '@mcp-eval/transports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createRunReport } from '../engine/create-run-report.js';
import type { CaseRecord } from '../record.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { conformanceChecks } from './index.js';
import { runConformance, runConformanceEras } from './run-conformance.js';

type Verdicts = Record<string, string>;

/** `id → status:label` for every record: one value to compare a whole run with. */
function verdicts(records: readonly CaseRecord[]): Verdicts {
  return Object.fromEntries(records.map((r) => [r.id, `${r.status}:${r.label ?? ''}`]));
}

async function conform(target: Target, protocol: 'auto' | '2026-07-28' | '2025-11-25' = 'auto') {
  const evaluation = await runConformance(createConnector(target, { protocol, timeoutMs: 15_000 }), { timeoutMs: 15_000, concurrency: 2 });
  expectNoCanary(evaluation);
  return evaluation;
}

const MODERN_SKIPS = {
  'legacy-initialize': 'skip:era-modern',
  'initialized-first': 'skip:era-modern',
  'http-session-lifecycle': 'skip:era-modern',
  'legacy-utilities': 'skip:era-modern',
  'legacy-protocol-header': 'skip:era-modern',
  'http-get-stream': 'skip:era-modern',
};
const LEGACY_SKIPS = {
  'cache-fields': 'skip:era-legacy',
  'result-type': 'skip:era-legacy',
  'header-mismatch-error': 'skip:era-legacy',
  'missing-capability-error': 'skip:era-legacy',
  'unsupported-version-error': 'skip:era-legacy',
  'http-standard-headers': 'skip:era-legacy',
  'removed-methods': 'skip:era-legacy',
  'input-required-rounds': 'skip:era-legacy',
  'subscriptions-listen': 'skip:era-legacy',
  'envelope-required': 'skip:era-legacy',
  'param-headers': 'skip:era-legacy',
  'batch-refused': 'skip:era-legacy',
  'post-only': 'skip:era-legacy',
  'lists-per-connection': 'skip:era-legacy',
  'server-info-meta': 'skip:era-legacy',
  'listen-cancellation': 'skip:era-legacy',
  'log-level-validation': 'skip:era-legacy',
  'initialize-refusal': 'skip:era-legacy',
  'header-declarations': 'skip:era-legacy',
  'param-header-integers': 'skip:era-legacy',
};
/** The wire assertions' verdicts on the reference, over stdio, in either era (it sends no progress; its legacy answers carry no _meta). */
const WIRE_STDIO = {
  'message-shape': 'pass:messages-well-formed',
  'stdio-framing': 'pass:stdout-messages-only',
  'server-initiated': 'pass:server-traffic-negotiated',
  'progress-notifications': 'skip:no-progress-observed',
  'sse-streams': 'skip:not-applicable-stdio',
  'sse-framing': 'skip:not-applicable-stdio',
};
const WIRE_HTTP = { ...WIRE_STDIO, 'stdio-framing': 'skip:not-applicable-http' };
const BOTH_ERAS = {
  'stable-ordering': 'pass:order-stable',
  'tool-schemas': 'pass:schemas-valid',
  'missing-resource-error': 'pass:not-found-honest',
  'unknown-tool-error': 'pass:unknown-tool-rejected',
  'listed-resources-readable': 'pass:listed-resources-readable',
  'unknown-method-error': 'pass:method-not-found',
  // The reference declares tools, resources and prompts, not completions: completion/complete is refused.
  'declared-capabilities': 'pass:undeclared-surfaces-refused',
  'tool-names': 'pass:tool-names-valid',
  // add is read-only, declares an outputSchema and repeats its sum as JSON text.
  'structured-content': 'pass:structured-content-valid',
  'structured-text': 'pass:structured-text-present',
  'content-encoding': 'pass:content-encoded',
  // It lists no file:// resource, so only the non-URI read applies.
  'resource-uri-validation': 'pass:uris-validated',
  'missing-prompt-error': 'pass:missing-prompt-rejected',
  'invalid-cursor': 'pass:invalid-cursor-rejected',
  'cancellation-ignored': 'pass:invalid-cancellation-ignored',
};
const MODERN = {
  'discover-versions': 'pass:discover-valid',
  'cache-fields': 'pass:cache-fields-present',
  'result-type': 'pass:result-type-present',
  // None of the reference's read-only tools needs a client capability (capability-gated proves the pass).
  'missing-capability-error': 'skip:no-capability-requirement-found',
  // Nor asks for input (capability-gated and mrtr-flaws prove the pass).
  'input-required-rounds': 'skip:no-input-request-found',
  'removed-methods': 'pass:removed-methods-not-found',
  'envelope-required': 'pass:envelope-enforced',
  'lists-per-connection': 'pass:lists-same-per-connection',
  'server-info-meta': 'pass:server-info-present',
  'log-level-validation': 'pass:invalid-level-rejected',
  // It serves initialize too (header-flaws and modern-only prove the other verdicts).
  'initialize-refusal': 'skip:initialize-served',
  // No reference tool marks a parameter x-mcp-header.
  'header-declarations': 'skip:no-header-declared',
  'meta-keys': 'pass:meta-keys-valid',
};

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
    expect(verdicts(records)).toEqual({
      ...BOTH_ERAS,
      ...MODERN,
      ...MODERN_SKIPS,
      ...WIRE_STDIO,
      'header-mismatch-error': 'skip:not-applicable-stdio',
      'subscriptions-listen': 'pass:listen-honest',
      'listen-cancellation': 'pass:cancel-honoured',
      'param-header-integers': 'skip:not-applicable-stdio',
      'http-standard-headers': 'skip:not-applicable-stdio',
      'origin-validation': 'skip:not-applicable-stdio',
      'http-post-answers': 'skip:not-applicable-stdio',
      'param-headers': 'skip:not-applicable-stdio',
      'batch-refused': 'skip:not-applicable-stdio',
      'post-only': 'skip:not-applicable-stdio',
      'unsupported-version-error': 'pass:unsupported-version-rejected',
    });
  });

  it('passes every assertion that applies on 2026-07-28 over HTTP', async () => {
    const { records } = await conform({ transport: 'http', url: http.url }, '2026-07-28');
    expect(verdicts(records)).toEqual({
      ...BOTH_ERAS,
      ...MODERN,
      ...MODERN_SKIPS,
      ...WIRE_HTTP,
      // It answers in JSON, so its SSE is proven on legacy HTTP.
      'sse-streams': 'skip:no-sse-observed',
      'sse-framing': 'skip:no-sse-observed',
      'header-mismatch-error': 'pass:header-mismatch-rejected',
      'subscriptions-listen': 'pass:listen-honest',
      'listen-cancellation': 'skip:not-applicable-http',
      'param-header-integers': 'skip:no-integer-header-parameter',
      'http-standard-headers': 'pass:headers-required',
      'origin-validation': 'pass:foreign-origin-refused',
      'http-post-answers': 'pass:post-answers-conformant',
      // No reference tool marks a parameter x-mcp-header (modern-only has one and proves the pass).
      'param-headers': 'skip:no-header-parameter',
      'batch-refused': 'pass:batch-refused',
      // Its endpoint serves the legacy era too, whose GET and DELETE 2025-11-25 governs.
      'post-only': 'skip:legacy-served',
      'unsupported-version-error': 'pass:unsupported-version-rejected',
    });
  });

  it('passes every legacy assertion over stdio', async () => {
    const { records, protocol } = await conform(stdioFixture('reference'), '2025-11-25');
    expect(protocol).toBe('2025-11-25');
    expect(verdicts(records)).toEqual({
      ...BOTH_ERAS,
      ...LEGACY_SKIPS,
      ...WIRE_STDIO,
      'meta-keys': 'skip:no-meta-observed',
      'initialized-first': 'pass:nothing-before-initialized',
      'discover-versions': 'skip:era-legacy',
      'legacy-initialize': 'pass:version-negotiated',
      'http-session-lifecycle': 'skip:not-applicable-stdio',
      'origin-validation': 'skip:not-applicable-stdio',
      'http-post-answers': 'skip:not-applicable-stdio',
      'http-get-stream': 'skip:not-applicable-stdio',
      'legacy-protocol-header': 'skip:not-applicable-stdio',
      'legacy-utilities': 'pass:utilities-answered',
    });
  });

  it('passes every legacy assertion over HTTP, sessions included', async () => {
    const { records } = await conform({ transport: 'http', url: http.url }, '2025-11-25');
    expect(verdicts(records)).toEqual({
      ...BOTH_ERAS,
      ...LEGACY_SKIPS,
      ...WIRE_HTTP,
      'meta-keys': 'skip:no-meta-observed',
      'initialized-first': 'pass:nothing-before-initialized',
      'sse-streams': 'pass:sse-streams-distinct',
      'sse-framing': 'pass:sse-framing-clean',
      // The same endpoint also serves 2026-07-28, so its discover answers.
      'discover-versions': 'pass:discover-valid',
      'legacy-initialize': 'pass:version-negotiated',
      'http-session-lifecycle': 'pass:session-lifecycle-honest',
      'origin-validation': 'pass:foreign-origin-refused',
      'http-post-answers': 'pass:post-answers-conformant',
      'http-get-stream': 'pass:get-stream-offered',
      'legacy-protocol-header': 'pass:unsupported-header-rejected',
      'legacy-utilities': 'pass:utilities-answered',
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
  const EVERYTHING_COMMON = {
    'stable-ordering': 'pass:order-stable',
    'tool-schemas': 'pass:schemas-valid',
    'missing-resource-error': 'pass:not-found-honest',
    'unknown-tool-error': 'fail:reported-as-tool-error',
    'legacy-initialize': 'pass:version-negotiated',
    'discover-versions': 'skip:era-legacy',
    'listed-resources-readable': 'pass:listed-resources-readable',
    'unknown-method-error': 'pass:method-not-found',
    'legacy-utilities': 'pass:utilities-answered',
    // It declares tools, resources, prompts, logging, tasks and completions: nothing undeclared to probe.
    'declared-capabilities': 'skip:everything-declared',
    'tool-names': 'pass:tool-names-valid',
    'structured-content': 'pass:structured-content-valid',
    'structured-text': 'pass:structured-text-present',
    'content-encoding': 'pass:content-encoded',
    'resource-uri-validation': 'pass:uris-validated',
    'missing-prompt-error': 'pass:missing-prompt-rejected',
    // An unknown cursor on tools/list is answered with a page (a Pagination SHOULD: -32602).
    'invalid-cursor': 'fail:tools-served',
    'message-shape': 'pass:messages-well-formed',
    'cancellation-ignored': 'pass:invalid-cancellation-ignored',
    'initialized-first': 'pass:nothing-before-initialized',
    'meta-keys': 'skip:no-meta-observed',
    'server-initiated': 'pass:server-traffic-negotiated',
    // Its progress tool is not annotated read-only, so conformance never calls it.
    'progress-notifications': 'skip:no-progress-observed',
    ...LEGACY_SKIPS,
  };

  it('server-everything over stdio: legacy, honest except for unknown tools', async () => {
    const { records, protocol } = await conform(everythingStdio());
    expect(protocol).toBe('2025-11-25');
    expect(verdicts(records)).toEqual({
      ...EVERYTHING_COMMON,
      'stdio-framing': 'pass:stdout-messages-only',
      'sse-streams': 'skip:not-applicable-stdio',
      'sse-framing': 'skip:not-applicable-stdio',
      'http-session-lifecycle': 'skip:not-applicable-stdio',
      'origin-validation': 'skip:not-applicable-stdio',
      'http-post-answers': 'skip:not-applicable-stdio',
      'http-get-stream': 'skip:not-applicable-stdio',
      'legacy-protocol-header': 'skip:not-applicable-stdio',
    });
    // Its schemas declare draft-07, and are validated as such.
    expect(records.find((r) => r.id === 'tool-schemas')?.measurements).toMatchObject({ invalidSchemas: 0, unknownDialects: 0 });
  });

  it('server-everything over HTTP: a deleted session answers 400, not the 404 that tells a client to start over', async () => {
    everything = await startEverythingHttp();
    const { records } = await conform({ transport: 'http', url: everything.url });
    // It also serves a request from any Origin (DNS rebinding): 200 where Streamable HTTP requires 403.
    expect(verdicts(records)).toEqual({
      ...EVERYTHING_COMMON,
      'stdio-framing': 'skip:not-applicable-http',
      'sse-streams': 'pass:sse-streams-distinct',
      'sse-framing': 'pass:sse-framing-clean',
      'http-session-lifecycle': 'fail:terminated-session-not-404',
      'origin-validation': 'fail:foreign-origin-served',
      'http-post-answers': 'pass:post-answers-conformant',
      'http-get-stream': 'pass:get-stream-offered',
      'legacy-protocol-header': 'pass:unsupported-header-rejected',
    });
    const session = records.find((r) => r.id === 'http-session-lifecycle');
    expect(session?.measurements).toEqual({ httpStatus: 400 });
    expect(session?.findings).toEqual([{ label: 'unknown-session-not-404', measurements: { httpStatus: 400 } }]);
  });

  it('1password-mcp over stdio, without a token: 2026-07-28, conformant where it applies except for re-checking the version on an established connection and listing resources it cannot read', async () => {
    const { records, protocol } = await conform(onePasswordStdio());
    expect(protocol).toBe('2026-07-28');
    expect(verdicts(records)).toEqual({
      'discover-versions': 'pass:discover-valid',
      'stable-ordering': 'pass:order-stable',
      'cache-fields': 'pass:cache-fields-present',
      'result-type': 'pass:result-type-present',
      'tool-schemas': 'pass:schemas-valid',
      'header-mismatch-error': 'skip:not-applicable-stdio',
      // It annotates no tool read-only, so conformance calls none of them.
      'missing-capability-error': 'skip:no-capability-requirement-found',
      // Built on the SDK's serveStdio, which checks the version of a connection's first request only.
      'unsupported-version-error': 'fail:established-connection-served',
      'missing-resource-error': 'pass:not-found-honest',
      'unknown-tool-error': 'pass:unknown-tool-rejected',
      'http-standard-headers': 'skip:not-applicable-stdio',
      'origin-validation': 'skip:not-applicable-stdio',
      'http-post-answers': 'skip:not-applicable-stdio',
      // It declares tools, resources and prompts, and refuses completion/complete.
      'declared-capabilities': 'pass:undeclared-surfaces-refused',
      'tool-names': 'pass:tool-names-valid',
      // No read-only tool, so no structured result; its prompts and reads are well encoded.
      'structured-content': 'skip:no-structured-tools',
      'structured-text': 'skip:no-structured-results',
      'content-encoding': 'pass:content-encoded',
      'resource-uri-validation': 'pass:uris-validated',
      // It lists resources (one a {vaultId} template) and answers every read of them "not found".
      'listed-resources-readable': 'fail:listed-resource-not-found',
      'unknown-method-error': 'pass:method-not-found',
      'input-required-rounds': 'skip:no-input-request-found',
      'subscriptions-listen': 'pass:listen-honest',
      'listen-cancellation': 'pass:cancel-honoured',
      'lists-per-connection': 'pass:lists-same-per-connection',
      'server-info-meta': 'pass:server-info-present',
      'log-level-validation': 'pass:invalid-level-rejected',
      'initialize-refusal': 'skip:initialize-served',
      'missing-prompt-error': 'pass:missing-prompt-rejected',
      'invalid-cursor': 'fail:tools-served',
      'cancellation-ignored': 'pass:invalid-cancellation-ignored',
      'header-declarations': 'skip:no-header-declared',
      'param-header-integers': 'skip:not-applicable-stdio',
      ...WIRE_STDIO,
      'meta-keys': 'pass:meta-keys-valid',
      'removed-methods': 'pass:removed-methods-not-found',
      'envelope-required': 'pass:envelope-enforced',
      'param-headers': 'skip:not-applicable-stdio',
      'batch-refused': 'skip:not-applicable-stdio',
      'post-only': 'skip:not-applicable-stdio',
      ...MODERN_SKIPS,
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
