import { describe, expect, it } from 'vitest';

import { httpStandardHeaders } from './http-standard-headers.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('http-standard-headers', () => {
  it('passes the reference server: each missing or mismatched header is -32020 with 400, prompts and resources included', async () => {
    const record = await conformanceCase(httpStandardHeaders, 'reference', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'headers-required', measurements: { probes: 5 } });
    expect(record.findings?.map((f) => f.label)).toEqual([
      'method-header-missing-rejected',
      'tool-name-header-missing-rejected',
      'tool-name-header-mismatch-rejected',
      'resource-name-header-missing-rejected',
      'prompt-name-header-missing-rejected',
    ]);
  });

  it('fails a server that ignores the headers, probing only the surfaces it declares (no prompts)', async () => {
    const record = await conformanceCase(httpStandardHeaders, 'sloppy-modern', 'http');
    expect(record).toMatchObject({ status: 'fail', label: 'method-header-missing-served', measurements: { probes: 4 } });
    // The body of each probe names something that does not exist: served, it can only be "not found".
    expect(record.findings).toEqual([
      { label: 'method-header-missing-served', measurements: { httpStatus: 200 } },
      { label: 'tool-name-header-missing-wrong-code', measurements: { jsonRpcCode: -32601, httpStatus: 200 } },
      { label: 'tool-name-header-mismatch-wrong-code', measurements: { jsonRpcCode: -32601, httpStatus: 200 } },
      { label: 'resource-name-header-missing-wrong-code', measurements: { jsonRpcCode: -32002, httpStatus: 200 } },
    ]);
  });

  it('skips stdio', async () => {
    const record = await conformanceCase(httpStandardHeaders, 'sloppy-modern', 'stdio');
    expect(record).toMatchObject({ status: 'skip', label: 'not-applicable-stdio' });
  });
});
