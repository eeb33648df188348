import { catalogTools } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import type { CaseRecord } from '../record.js';
import { evaluateCheck } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS } from '../test-support/matrix.js';
import { tokenCost } from './token-cost.js';

function toolTokens(record: CaseRecord): Map<string, number> {
  return new Map((record.findings ?? []).map((f) => [f.tool ?? '', f.measurements?.tokens ?? -1]));
}

describe.each(ERAS)('token-cost (%s)', (protocol) => {
  it('passes the reference catalog and reports every tool by name, the total being their sum', async () => {
    const record = await evaluateCheck(tokenCost, { max_total_tokens: 20_000, max_tool_tokens: 1_000 }, 'reference', 'memory', {
      protocol,
    });
    expect(record).toMatchObject({ status: 'pass', label: 'within-budget', measurements: { tools: 11, toolsOverLimit: 0 } });
    const tokens = toolTokens(record);
    expect([...tokens.keys()]).toContain('echo');
    expect([...tokens.values()].every((t) => t > 0)).toBe(true);
    expect([...tokens.values()].reduce((a, b) => a + b, 0)).toBe(record.measurements.totalTokens);
    for (const finding of record.findings ?? []) {
      expect(finding.label).toBe('tool-tokens');
      expect(finding.measurements?.tokens).toBe(Math.ceil((finding.measurements?.bytes ?? 0) / 4));
    }
    expectNoCanary(record);
  });

  it('fails a catalog with one bloated tool, naming it', async () => {
    const record = await evaluateCheck(tokenCost, { max_total_tokens: 20_000, max_tool_tokens: 1_000 }, 'bloated-catalog', 'memory', {
      protocol,
    });
    // The budgets ride beside the numbers: a report's token chart draws max_tool_tokens as its budget line.
    expect(record).toMatchObject({
      status: 'fail',
      label: 'tool-over-budget',
      measurements: { tools: 12, toolsOverLimit: 1, maxTotalTokens: 20_000, maxToolTokens: 1_000 },
    });
    const over = (record.findings ?? []).filter((f) => f.label === 'tool-over-limit');
    expect(over.map((f) => f.tool)).toEqual(['kitchen_sink']);
    expect(over[0]?.measurements?.tokens).toBeGreaterThan(1_000);
    expectNoCanary(record);
  });

  it('fails a catalog over the total budget', async () => {
    const record = await evaluateCheck(tokenCost, { max_total_tokens: 100 }, 'reference', 'memory', { protocol });
    expect(record).toMatchObject({ status: 'fail', label: 'total-over-budget', measurements: { maxTotalTokens: 100 } });
    expect(record.measurements.totalTokens).toBeGreaterThan(100);
    expect(record.measurements).not.toHaveProperty('maxToolTokens');
  });

  it('skips, with no cost measured, when the catalog cannot be walked', async () => {
    const record = await evaluateCheck(tokenCost, { max_total_tokens: 20_000 }, 'broken-pagination', 'stdio', {
      protocol,
      env: { FIXTURE_FLAW: 'loop' },
    });
    expect(record).toMatchObject({ status: 'skip', label: 'catalog-unreadable' });
    expect(record.measurements).toEqual({ pages: 3 });
  });
});

describe('token-cost estimate', () => {
  it('is deterministic and the same in both eras and over both transports', async () => {
    const params = { max_total_tokens: 20_000 };
    const runs = await Promise.all([
      evaluateCheck(tokenCost, params, 'reference', 'memory', { protocol: '2026-07-28' }),
      evaluateCheck(tokenCost, params, 'reference', 'memory', { protocol: '2025-11-25' }),
      evaluateCheck(tokenCost, params, 'reference', 'http', { protocol: '2026-07-28' }),
      evaluateCheck(tokenCost, params, 'reference', 'http', { protocol: '2025-11-25' }),
    ]);
    const [first, ...rest] = runs.map((r) => [...toolTokens(r)]);
    for (const other of rest) expect(other).toEqual(first);
  });

  it("is each entry's name, description and input schema as UTF-8 JSON bytes ÷ 4, rounded up", async () => {
    const record = await evaluateCheck(tokenCost, { max_total_tokens: 20_000 }, 'catalog', 'memory', { env: { FIXTURE_TOOLS: '3' } });
    const expected = catalogTools(3).map(({ name, description, inputSchema }) => {
      const bytes = Buffer.byteLength(JSON.stringify({ name, description, inputSchema }), 'utf8');
      return [name, Math.ceil(bytes / 4)];
    });
    expect([...toolTokens(record)]).toEqual(expected);
  });
});
