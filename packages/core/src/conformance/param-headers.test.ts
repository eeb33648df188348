import { describe, expect, it } from 'vitest';

import { paramHeaders } from './param-headers.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('param-headers', () => {
  it('passes a server enforcing Mcp-Param-Region: plain and Base64 accepted, missing, mismatched, bad Base64 refused', async () => {
    const record = await conformanceCase(paramHeaders, 'modern-only', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'param-headers-enforced', tool: 'lookup_region', measurements: { probes: 5 } });
    expect(record.findings).toEqual([
      { label: 'header-matching-accepted', measurements: { httpStatus: 200 } },
      { label: 'header-base64-accepted', measurements: { httpStatus: 200 } },
      { label: 'header-missing-rejected', measurements: { jsonRpcCode: -32020, httpStatus: 400 } },
      { label: 'header-mismatch-rejected', measurements: { jsonRpcCode: -32020, httpStatus: 400 } },
      { label: 'header-bad-encoding-rejected', measurements: { jsonRpcCode: -32020, httpStatus: 400 } },
    ]);
  });

  it('fails a server that never looks at the header', async () => {
    const record = await conformanceCase(paramHeaders, 'transport-leftovers', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'fail', label: 'header-missing-served', tool: 'lookup_region' });
    expect(record.findings?.map((f) => f.label)).toEqual([
      'header-matching-accepted',
      'header-base64-accepted',
      'header-missing-served',
      'header-mismatch-served',
      'header-bad-encoding-served',
    ]);
  });

  it('fails a server that checks the header but never decodes the Base64 form', async () => {
    const record = await conformanceCase(paramHeaders, 'transport-leftovers', 'http', '2026-07-28', { FIXTURE_PARAM_HEADERS: 'literal' });
    expect(record).toMatchObject({ status: 'fail', label: 'header-base64-refused' });
    expect(record.findings?.map((f) => f.label)).toEqual([
      'header-matching-accepted',
      'header-base64-refused',
      'header-missing-rejected',
      'header-mismatch-rejected',
      'header-bad-encoding-rejected',
    ]);
  });

  it('passes header-flaws, which finds the header by name ignoring case (the instrument sends it lower-cased)', async () => {
    const record = await conformanceCase(paramHeaders, 'header-flaws', 'http', '2026-07-28', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'pass', label: 'param-headers-enforced', tool: 'lookup_region', measurements: { probes: 5 } });
  });

  it('fails a server matching the header name case-sensitively: mcp-param-region is not taken for Mcp-Param-Region', async () => {
    const record = await conformanceCase(paramHeaders, 'header-flaws', 'http', '2026-07-28', { FIXTURE_FLAW: 'case-sensitive' });
    expect(record).toMatchObject({ status: 'fail', label: 'header-matching-refused', tool: 'lookup_region' });
    expect(record.findings?.[0]).toEqual({ label: 'header-matching-refused', measurements: { jsonRpcCode: -32020, httpStatus: 400 } });
  });

  it('skips, never passes, a server with no x-mcp-header parameter (the reference)', async () => {
    const record = await conformanceCase(paramHeaders, 'reference', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'skip', label: 'no-header-parameter' });
  });

  it('skips stdio and the legacy era', async () => {
    expect(await conformanceCase(paramHeaders, 'modern-only', 'stdio', '2026-07-28')).toMatchObject({
      status: 'skip',
      label: 'not-applicable-stdio',
    });
    expect(await conformanceCase(paramHeaders, 'reference', 'http', '2025-11-25')).toMatchObject({ status: 'skip', label: 'era-legacy' });
  });
});
