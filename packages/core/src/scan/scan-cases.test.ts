import { stdioFixture } from '@mcp-eval/fixture-servers';
import { createConnector } from '@mcp-eval/transports';
import { describe, expect, it } from 'vitest';

import type { JsonObject } from '@mcp-eval/protocol';
import { walkList } from '../catalog/walk-list.js';
import type { CaseRecord } from '../record.js';
import { lintCatalog } from '../lint/lint-catalog.js';
import { scanCatalogCases, scanDegradationCases, scanLatencyCases, scanTimedTools } from './scan-cases.js';
import { SCAN_DEFAULTS } from './scan-defaults.js';
import { scanGate } from './scan-gate.js';

const tool = (name: string, annotations?: JsonObject, inputSchema: JsonObject = { type: 'object' }): JsonObject => ({
  name,
  inputSchema,
  ...(annotations === undefined ? {} : { annotations }),
});

describe('scanTimedTools', () => {
  const closed = { readOnlyHint: true, openWorldHint: false };

  it('chooses only tools annotated read-only and closed-world, with valid names and nothing required', () => {
    const tools = [
      tool('reads', closed),
      tool('unannotated'),
      tool('writes', { readOnlyHint: false, openWorldHint: false }),
      tool('hint-not-boolean', { readOnlyHint: 'true', openWorldHint: false }),
      tool('reaches-out', { readOnlyHint: true, openWorldHint: true }),
      tool('world-not-boolean', { readOnlyHint: true, openWorldHint: 'false' }),
      tool('needs-id', closed, { type: 'object', required: ['id'] }),
      tool('empty-required', closed, { type: 'object', required: [] }),
      tool('bad name!', closed),
      { name: 'no-schema', annotations: closed },
      tool('odd-schema', closed, [] as unknown as JsonObject),
    ];
    expect(scanTimedTools(tools)).toEqual(['reads', 'empty-required', 'no-schema']);
  });

  it('never times a read-only tool without openWorldHint: open-world is the spec default', () => {
    expect(
      scanTimedTools([tool('API-get-users', { readOnlyHint: true }), tool('list_api_resources', { readOnlyHint: true, title: 'x' })]),
    ).toEqual([]);
    expect(scanTimedTools([tool('list_local', closed)])).toEqual(['list_local']);
  });

  it('over a live catalog: times the closed-world read-only tool, never the one that leaves openWorldHint out', async () => {
    const connection = await createConnector(stdioFixture('open-world-defaults'), { protocol: 'auto', timeoutMs: 10_000 }).connect();
    try {
      const walk = await walkList(connection, 'tools/list', 10, { timeoutMs: 10_000 });
      expect(walk.items.map((t) => (t as JsonObject).name)).toEqual(['list_local', 'list_remote']);
      expect(scanTimedTools(walk.items as JsonObject[])).toEqual(['list_local']);
    } finally {
      await connection.close();
    }
  });

  it(`times at most ${SCAN_DEFAULTS.maxTimedTools} tools, in catalog order`, () => {
    const tools = Array.from({ length: 12 }, (_, i) => tool(`read_${i}`, closed));
    expect(scanTimedTools(tools)).toEqual(['read_0', 'read_1', 'read_2', 'read_3', 'read_4']);
  });

  it('builds cases with the published defaults and `{}` arguments, never a guessed value', () => {
    expect(scanCatalogCases().map((c) => [c.id, c.params])).toEqual([
      ['discovery-cost', { max_tools: 40, max_schema_bytes: 65_536 }],
      ['token-cost', { max_total_tokens: 16_384, max_tool_tokens: 1_024 }],
      ['pagination', { max_pages: 100 }],
      ['surface-listing', { max_pages: 100 }],
    ]);
    expect(scanLatencyCases(['a'])).toMatchObject([
      { id: 'latency-budget/a', params: { tool: 'a', arguments: {}, max_latency_ms: 1000, max_attempts: 5 } },
    ]);
    expect(scanDegradationCases(['a'])).toMatchObject([
      { id: 'degradation-over-n/a', params: { tool: 'a', arguments: {}, max_attempts: 20 } },
    ]);
    expect(scanLatencyCases(['a'])[0]?.params).not.toHaveProperty('read_only');
  });
});

describe('scanGate', () => {
  const record = (kind: CaseRecord['kind'], status: CaseRecord['status']): CaseRecord => ({
    id: `${kind}-${status}`,
    kind,
    check: 'x',
    status,
    ...(status === 'pass' ? {} : { label: 'x' }),
    measurements: {},
    runs: 1,
    passes: status === 'pass' ? 1 : 0,
    passRate: status === 'pass' ? 1 : 0,
    durationMs: 0,
  });
  const goodLint = lintCatalog([tool('read_item', { readOnlyHint: true })]);

  it('passes when every non-lint case passed or was skipped and lint passed its gate, even with failing rules', () => {
    const failingRule = { ...record('lint', 'fail') };
    expect(scanGate([record('probe', 'pass'), record('conformance', 'skip'), failingRule], goodLint)).toEqual({
      passed: true,
      threshold: 70,
      failures: [],
    });
  });

  it('fails on a failing or erroring case, and when the catalog could not be read', () => {
    expect(scanGate([record('conformance', 'error')], goodLint).failures).toEqual(['case-failed']);
    expect(scanGate([record('dimension', 'fail')], undefined)).toEqual({
      passed: false,
      threshold: 70,
      failures: ['case-failed', 'catalog-unreadable'],
    });
  });

  it("carries lint's own gate failures", () => {
    const lint = lintCatalog([{ name: 'bad name!' }], { threshold: 100 });
    expect(lint.gate.failures.length).toBeGreaterThan(0);
    expect(scanGate([], lint).failures).toEqual(lint.gate.failures);
    expect(scanGate([], lint).passed).toBe(false);
  });
});
