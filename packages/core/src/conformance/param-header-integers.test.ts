import { describe, expect, it } from 'vitest';

import { paramHeaderIntegers } from './param-header-integers.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('param-header-integers', () => {
  it('passes a server comparing the integer Mcp-Param-Shard numerically (header-flaws none)', async () => {
    const record = await conformanceCase(paramHeaderIntegers, 'header-flaws', 'http', '2026-07-28', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({
      status: 'pass',
      label: 'integers-compared-numerically',
      tool: 'lookup_shard',
      measurements: { probes: 2 },
    });
    expect(record.findings?.map((f) => f.label)).toEqual(['integer-plain-accepted', 'integer-decimal-accepted']);
  });

  it('fails a server comparing the integer header as text: 7.0 refused for 7', async () => {
    const record = await conformanceCase(paramHeaderIntegers, 'header-flaws', 'http', '2026-07-28', { FIXTURE_FLAW: 'integer-strings' });
    expect(record).toMatchObject({ status: 'fail', label: 'integer-decimal-refused', tool: 'lookup_shard' });
    expect(record.findings).toEqual([
      { label: 'integer-plain-accepted', measurements: { httpStatus: 200 } },
      { label: 'integer-decimal-refused', measurements: { jsonRpcCode: -32020, httpStatus: 400 } },
    ]);
  });

  it('is a SHOULD', () => {
    expect(paramHeaderIntegers.level).toBe('should');
  });

  it('skips, never passes, a server with only a string header parameter (modern-only), stdio and the legacy era', async () => {
    expect(await conformanceCase(paramHeaderIntegers, 'modern-only', 'http', '2026-07-28')).toMatchObject({
      status: 'skip',
      label: 'no-integer-header-parameter',
    });
    expect(await conformanceCase(paramHeaderIntegers, 'header-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'none' })).toMatchObject({
      status: 'skip',
      label: 'not-applicable-stdio',
    });
    expect(await conformanceCase(paramHeaderIntegers, 'reference', 'http', '2025-11-25')).toMatchObject({
      status: 'skip',
      label: 'era-legacy',
    });
  });
});
