import { stdioFixture } from '@mcp-eval/fixture-servers';
import type { JsonObject } from '@mcp-eval/protocol';
import { createConnector } from '@mcp-eval/transports';
import { describe, expect, it } from 'vitest';

import { discoveryCost } from '../checks/discovery-cost.js';
import { pagination } from '../checks/pagination.js';
import { tokenCost } from '../checks/token-cost.js';
import { MAX_ITEM_DEPTH } from './catalog-budget.js';
import { walkList } from './walk-list.js';
import { evaluateCheck } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';

const deep = { env: { FIXTURE_FLAW: 'deep' } };

describe('walkList over an entry nested 10,000 levels deep', () => {
  it('discovery-cost measures every tool and fails the deep one by name', async () => {
    const record = await evaluateCheck(discoveryCost, { max_tools: 10, max_schema_bytes: 10_000_000 }, 'hostile-catalog', 'stdio', deep);
    expect(record).toMatchObject({ status: 'fail', label: 'schema-too-deep', measurements: { tools: 3, toolsTooDeep: 1 } });
    expect(record.findings).toEqual([{ label: 'schema-too-deep', tool: 'deep_tool' }]);
    // 10,000 levels of `{"type":"object","description":…,"properties":{"nested":` are counted, not skipped.
    expect(record.measurements.catalogBytes).toBeGreaterThan(800_000);
    expectNoCanary(record);
  });

  it('token-cost still costs the ordinary tools, and the deep one', async () => {
    const record = await evaluateCheck(tokenCost, { max_total_tokens: 10_000_000 }, 'hostile-catalog', 'stdio', deep);
    expect(record).toMatchObject({ status: 'fail', label: 'schema-too-deep', measurements: { tools: 3, toolsTooDeep: 1 } });
    expect(record.findings?.map((f) => [f.tool, f.label])).toEqual([
      ['echo', 'tool-tokens'],
      ['add', 'tool-tokens'],
      ['deep_tool', 'tool-too-deep'],
    ]);
    expectNoCanary(record);
  });

  it('draws the line at MAX_ITEM_DEPTH: an entry nesting exactly 128 levels is kept, 130 is set aside', async () => {
    const params = { max_tools: 10, max_schema_bytes: 10_000_000 };
    // The entry nests 2 + 2 × levels: 63 levels give 128, 64 give 130.
    const atLimit = await evaluateCheck(discoveryCost, params, 'hostile-catalog', 'stdio', {
      env: { FIXTURE_FLAW: 'deep', FIXTURE_DEEP_LEVELS: String((MAX_ITEM_DEPTH - 2) / 2) },
    });
    expect(atLimit).toMatchObject({ status: 'pass', measurements: { tools: 3 } });
    const over = await evaluateCheck(discoveryCost, params, 'hostile-catalog', 'stdio', {
      env: { FIXTURE_FLAW: 'deep', FIXTURE_DEEP_LEVELS: String((MAX_ITEM_DEPTH - 2) / 2 + 1) },
    });
    expect(over).toMatchObject({ status: 'fail', label: 'schema-too-deep', findings: [{ label: 'schema-too-deep', tool: 'deep_tool' }] });
  });

  it('is no pagination defect', async () => {
    const record = await evaluateCheck(pagination, {}, 'hostile-catalog', 'stdio', deep);
    expect(record).toMatchObject({ status: 'pass', label: 'pages-valid', measurements: { tools: 3, pages: 1 } });
  });
});

describe('walkList byte counts over a real server', () => {
  const stringified = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');
  const entry = (tool: JsonObject) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema });

  it.each<[string, Readonly<Record<string, string>>]>([
    ['plain text', {}],
    ['text JSON must escape (lone surrogates, controls, U+2028, astral)', { FIXTURE_HOSTILE_TEXT: '1' }],
  ])('measures %s as JSON.stringify encodes it, the catalog and each tool entry', async (_name, env) => {
    const connection = await createConnector(stdioFixture('catalog', { FIXTURE_TOOLS: '120', FIXTURE_PAGE_SIZE: '50', ...env }), {
      protocol: '2025-11-25',
    }).connect();
    try {
      const walk = await walkList(connection, 'tools/list', 10, { timeoutMs: 10_000 });
      expect(walk.problem).toBeUndefined();
      expect(walk.pages).toBe(3);
      expect(walk.items).toHaveLength(120);
      if (env.FIXTURE_HOSTILE_TEXT === '1') expect(String(walk.items[0]?.description)).toContain('\ud800');
      expect(walk.bytes).toBe(stringified(walk.items));
      const wrong = walk.items.filter((tool) => walk.entryBytes.get(tool) !== stringified(entry(tool)));
      expect(wrong.map((tool) => tool.name)).toEqual([]);
    } finally {
      await connection.close();
    }
  });
});
