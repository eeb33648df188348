import { everythingStdio } from '@mcp-eval/fixture-servers';
import { describe, expect, it } from 'vitest';

import { evaluateCheck, evaluateTarget } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS, CHANNEL_ERAS } from '../test-support/matrix.js';
import { parseCase } from '../test-support/parse-case.js';
import { discoveryCost } from './discovery-cost.js';

const roomy = { max_tools: 100, max_schema_bytes: 1_000_000 };

describe('discovery-cost', () => {
  it.each(CHANNEL_ERAS)('passes the reference server, counting every page ($transport, $protocol)', async ({ transport, protocol }) => {
    const record = await evaluateCheck(discoveryCost, roomy, 'reference', transport, { protocol });
    expect(record).toMatchObject({ status: 'pass', check: 'discovery-cost', kind: 'dimension' });
    expect(record.label).toBeUndefined();
    // The reference lists 4 tools a page: the count covers every page, not just the first.
    const tools = record.measurements.tools ?? 0;
    expect(tools).toBeGreaterThanOrEqual(11);
    expect(record.measurements).toMatchObject({ pages: Math.ceil(tools / 4), maxTools: 100, maxSchemaBytes: 1_000_000 });
    expect(record.measurements.catalogBytes).toBeGreaterThan(1_000);
    expectNoCanary(record);
  });

  it.each(ERAS)('fails a bloated catalog over both budgets (in memory, %s)', async (protocol) => {
    const record = await evaluateCheck(discoveryCost, { max_tools: 20, max_schema_bytes: 65_536 }, 'flawed-dimensions', 'memory', {
      protocol,
    });
    expect(record).toMatchObject({ status: 'fail', label: 'too-many-tools-and-too-large' });
    expect(record.measurements.tools).toBeGreaterThan(40);
    expect(record.measurements.pages).toBeGreaterThan(1);
    expect(record.measurements.catalogBytes).toBeGreaterThan(65_536);
    expectNoCanary(record);
  });

  it('fails on the tool count alone (http)', async () => {
    const record = await evaluateCheck(discoveryCost, { max_tools: 20, max_schema_bytes: 10_000_000 }, 'flawed-dimensions', 'http');
    expect(record).toMatchObject({ status: 'fail', label: 'too-many-tools' });
    expectNoCanary(record);
  });

  it('fails on the catalog size alone (http)', async () => {
    const record = await evaluateCheck(discoveryCost, { max_tools: 1_000, max_schema_bytes: 65_536 }, 'flawed-dimensions', 'http');
    expect(record).toMatchObject({ status: 'fail', label: 'catalog-too-large' });
    expectNoCanary(record);
  });

  it.each([
    { flaw: 'loop', page: 3 },
    { flaw: 'duplicate', page: 2 },
    { flaw: 'malformed', page: 2 },
  ])('a listing that cannot be walked to its end is a list-invalid skip, measuring nothing ($flaw)', async ({ flaw, page }) => {
    const record = await evaluateCheck(discoveryCost, roomy, 'broken-pagination', 'stdio', { env: { FIXTURE_FLAW: flaw } });
    expect(record).toMatchObject({ status: 'skip', label: 'list-invalid' });
    expect(record.measurements.page).toBe(page);
    expect(record.measurements).not.toHaveProperty('catalogBytes');
    expect(record.measurements).not.toHaveProperty('tools');
    expectNoCanary(record);
  });

  it('a listing answered with a JSON-RPC error is a list-error skip, with its code (http)', async () => {
    const record = await evaluateCheck(discoveryCost, roomy, 'broken-pagination', 'http', { env: { FIXTURE_FLAW: 'error' } });
    expect(record).toMatchObject({ status: 'skip', label: 'list-error' });
    expect(record.measurements).toMatchObject({ jsonRpcCode: -32603, pages: 2 });
  });

  it('an unreadable catalog records no catalogBytes (never 2, the size of nothing) and no tools', async () => {
    const record = await evaluateCheck(discoveryCost, roomy, 'unreadable-lists', 'stdio');
    expect(record).toMatchObject({ status: 'skip', label: 'list-error', measurements: { jsonRpcCode: -32603, pages: 1 } });
    expect(record.measurements).not.toHaveProperty('catalogBytes');
    expect(record.measurements).not.toHaveProperty('tools');
  });

  it('a budget equal to the measurement passes (limits are inclusive)', async () => {
    const measured = await evaluateCheck(discoveryCost, roomy, 'reference', 'memory');
    const { tools, catalogBytes } = measured.measurements;
    const exact = await evaluateCheck(discoveryCost, { max_tools: tools, max_schema_bytes: catalogBytes }, 'reference', 'memory');
    expect(exact.status).toBe('pass');
    const oneShort = await evaluateCheck(
      discoveryCost,
      { max_tools: tools, max_schema_bytes: (catalogBytes ?? 0) - 1 },
      'reference',
      'memory',
    );
    expect(oneShort.label).toBe('catalog-too-large');
  });

  it('measures @modelcontextprotocol/server-everything (legacy era, stdio)', async () => {
    const record = await evaluateTarget(discoveryCost, roomy, everythingStdio());
    expect(record.status).toBe('pass');
    expect(record.measurements.tools).toBeGreaterThanOrEqual(12);
    expect(record.measurements.pages).toBe(1);
    const tight = await evaluateTarget(discoveryCost, { max_tools: 5, max_schema_bytes: 1_000_000 }, everythingStdio());
    expect(tight).toMatchObject({ status: 'fail', label: 'too-many-tools' });
  });
});

describe('discovery-cost in a manifest', () => {
  it('accepts both budgets and rejects a case missing one', () => {
    expect(parseCase(discoveryCost, 'dimension: discovery-cost\nmax_tools: 40\nmax_schema_bytes: 65536')).toEqual({
      ok: true,
      params: { max_tools: 40, max_schema_bytes: 65_536 },
    });
    const missing = parseCase(discoveryCost, 'dimension: discovery-cost\nmax_tools: 40');
    expect(missing.ok).toBe(false);
    expect(JSON.stringify(missing)).toContain('max_schema_bytes');
  });
});
