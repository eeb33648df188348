import { describe, expect, it } from 'vitest';

import { discoveryCost } from '../checks/discovery-cost.js';
import { pagination } from '../checks/pagination.js';
import { tokenCost } from '../checks/token-cost.js';
import { evaluateCheck } from '../test-support/evaluate-check.js';
import { expectNoCanary } from '../test-support/expect-no-canary.js';
import { DEFAULT_CATALOG_BUDGET } from './catalog-budget.js';

const roomy = { max_tools: 1_000_000, max_schema_bytes: 1_000_000_000 };

describe('the catalog budget', () => {
  it('ends a walk of ~15 MB pages with fresh cursors once the bytes received pass it', async () => {
    const catalogBudget = { ...DEFAULT_CATALOG_BUDGET, maxBytes: 20_000_000 };
    const record = await evaluateCheck(pagination, { max_pages: 1_000 }, 'hostile-catalog', 'stdio', {
      env: { FIXTURE_FLAW: 'endless-huge' },
      catalogBudget,
      timeoutMs: 20_000,
    });
    expect(record).toMatchObject({ status: 'fail', label: 'catalog-budget-exceeded' });
    // Page 1 (15 MB) fits; page 2 passes 20 MB and is not kept.
    expect(record.measurements).toMatchObject({ pages: 2, tools: 1, problemPage: 2 });
    expect(record.measurements.receivedBytes).toBeGreaterThan(20_000_000);
    expectNoCanary(record);
  });

  it('ends a walk once the items collected pass it, with the fixed label in every catalog check', async () => {
    const catalogBudget = { ...DEFAULT_CATALOG_BUDGET, maxItems: 2_500 };
    const options = { env: { FIXTURE_FLAW: 'endless-many' }, catalogBudget };
    const pages = await evaluateCheck(pagination, { max_pages: 1_000 }, 'hostile-catalog', 'stdio', options);
    expect(pages).toMatchObject({ status: 'fail', label: 'catalog-budget-exceeded', measurements: { tools: 2_500, problemPage: 3 } });
    const cost = await evaluateCheck(discoveryCost, roomy, 'hostile-catalog', 'stdio', options);
    expect(cost).toMatchObject({ status: 'fail', label: 'catalog-budget-exceeded', measurements: { tools: 2_500, page: 3 } });
    const tokens = await evaluateCheck(tokenCost, { max_total_tokens: 1_000_000_000 }, 'hostile-catalog', 'stdio', options);
    expect(tokens).toMatchObject({ status: 'fail', label: 'catalog-budget-exceeded' });
    for (const record of [pages, cost, tokens]) expectNoCanary(record);
  });

  it('without a budget of its own, a walk stops at the default long before its page bound', async () => {
    const record = await evaluateCheck(discoveryCost, roomy, 'hostile-catalog', 'stdio', { env: { FIXTURE_FLAW: 'endless-many' } });
    expect(record).toMatchObject({ status: 'fail', label: 'catalog-budget-exceeded' });
    expect(record.measurements).toMatchObject({
      tools: DEFAULT_CATALOG_BUDGET.maxItems,
      page: DEFAULT_CATALOG_BUDGET.maxItems / 1_000 + 1,
    });
    expectNoCanary(record);
  });
});
