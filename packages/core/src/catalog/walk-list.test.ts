import { describe, expect, it } from 'vitest';

import { discoveryCost } from '../checks/discovery-cost.js';
import { pagination } from '../checks/pagination.js';
import { tokenCost } from '../checks/token-cost.js';
import { MAX_ITEM_DEPTH } from './catalog-budget.js';
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
