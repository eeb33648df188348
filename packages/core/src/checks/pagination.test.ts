import { describe, expect, it } from 'vitest';

import { evaluateCheck } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { ERAS } from '../test-support/matrix.js';
import { discoveryCost } from './discovery-cost.js';
import { pagination } from './pagination.js';
import { tokenCost } from './token-cost.js';

describe.each(ERAS)('pagination (%s)', (protocol) => {
  it('passes the reference server, walking every page of its catalog', async () => {
    const record = await evaluateCheck(pagination, { max_pages: 100 }, 'reference', 'memory', { protocol });
    expect(record).toMatchObject({ status: 'pass', label: 'pages-valid', measurements: { pages: 3, tools: 11 } });
    expectNoCanary(record);
  });

  it('fails a server whose cursors loop back, and terminates', async () => {
    const record = await evaluateCheck(pagination, { max_pages: 100 }, 'broken-pagination', 'stdio', {
      protocol,
      env: { FIXTURE_FLAW: 'loop' },
    });
    expect(record).toMatchObject({ status: 'fail', label: 'cursor-repeated', measurements: { pages: 3, problemPage: 3 } });
    expectNoCanary(record);
  });

  it('stops a server whose fresh cursors never end at max_pages', async () => {
    const record = await evaluateCheck(pagination, { max_pages: 20 }, 'broken-pagination', 'stdio', {
      protocol,
      env: { FIXTURE_FLAW: 'endless' },
    });
    expect(record).toMatchObject({ status: 'fail', label: 'too-many-pages', measurements: { pages: 20, tools: 20, problemPage: 21 } });
  });

  it('fails a tool listed on two pages', async () => {
    const record = await evaluateCheck(pagination, { max_pages: 100 }, 'broken-pagination', 'stdio', {
      protocol,
      env: { FIXTURE_FLAW: 'duplicate' },
    });
    expect(record).toMatchObject({ status: 'fail', label: 'duplicate-tool', measurements: { problemPage: 2 } });
  });

  it('fails a page whose tools are not an array', async () => {
    const record = await evaluateCheck(pagination, { max_pages: 100 }, 'broken-pagination', 'stdio', {
      protocol,
      env: { FIXTURE_FLAW: 'malformed' },
    });
    expect(record).toMatchObject({ status: 'fail', label: 'page-malformed', measurements: { problemPage: 2 } });
  });

  it('fails a page answered with a JSON-RPC error, keeping its code', async () => {
    const record = await evaluateCheck(pagination, { max_pages: 100 }, 'broken-pagination', 'stdio', {
      protocol,
      env: { FIXTURE_FLAW: 'error' },
    });
    expect(record).toMatchObject({ status: 'fail', label: 'list-error', measurements: { jsonRpcCode: -32603, problemPage: 2 } });
  });

  it('fails a well-paginated catalog that needs more than max_pages', async () => {
    const record = await evaluateCheck(pagination, { max_pages: 2 }, 'reference', 'memory', { protocol });
    expect(record).toMatchObject({ status: 'fail', label: 'too-many-pages', measurements: { pages: 2, tools: 8 } });
  });
});

describe('a 5,000-tool catalog, 50 per page', () => {
  const env = { FIXTURE_TOOLS: '5000', FIXTURE_PAGE_SIZE: '50' };

  it('is walked by pagination to its 100th page', async () => {
    const record = await evaluateCheck(pagination, { max_pages: 100 }, 'catalog', 'memory', { env });
    expect(record).toMatchObject({ status: 'pass', measurements: { pages: 100, tools: 5000 } });
  });

  it('is costed by token-cost, tool by tool', async () => {
    const record = await evaluateCheck(tokenCost, { max_total_tokens: 10_000_000 }, 'catalog', 'memory', { env });
    expect(record).toMatchObject({ status: 'pass', measurements: { tools: 5000 } });
    expect(record.findings).toHaveLength(5000);
    expectNoCanary(record);
  });

  it('is measured by discovery-cost', async () => {
    const record = await evaluateCheck(discoveryCost, { max_tools: 10_000, max_schema_bytes: 100_000_000 }, 'catalog', 'memory', { env });
    expect(record).toMatchObject({ status: 'pass', measurements: { tools: 5000, pages: 100 } });
  });
});
