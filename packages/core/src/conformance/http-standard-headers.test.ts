import { describe, expect, it } from 'vitest';

import { httpStandardHeaders } from './http-standard-headers.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('http-standard-headers', () => {
  it('passes the reference server: each missing or mismatched header is -32020 with 400, prompts and resources included', async () => {
    const record = await conformanceCase(httpStandardHeaders, 'reference', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'headers-required', measurements: { probes: 6 } });
    expect(record.findings?.map((f) => f.label)).toEqual([
      'method-header-missing-rejected',
      'tool-name-header-missing-rejected',
      'tool-name-header-mismatch-rejected',
      'resource-name-header-missing-rejected',
      'prompt-name-header-missing-rejected',
      // A Base64 Mcp-Name is decoded and agrees: the unknown tool is then "not found".
      'tool-name-header-base64-accepted',
    ]);
  });

  it('fails a server that ignores the headers, probing only the surfaces it declares (no prompts)', async () => {
    const record = await conformanceCase(httpStandardHeaders, 'sloppy-modern', 'http');
    expect(record).toMatchObject({ status: 'fail', label: 'method-header-missing-served', measurements: { probes: 5 } });
    // The body of each probe names something that does not exist: served, it can only be "not found".
    expect(record.findings).toEqual([
      { label: 'method-header-missing-served', measurements: { httpStatus: 200 } },
      { label: 'tool-name-header-missing-wrong-code', measurements: { jsonRpcCode: -32601, httpStatus: 200 } },
      { label: 'tool-name-header-mismatch-wrong-code', measurements: { jsonRpcCode: -32601, httpStatus: 200 } },
      { label: 'resource-name-header-missing-wrong-code', measurements: { jsonRpcCode: -32002, httpStatus: 200 } },
      { label: 'tool-name-header-base64-accepted', measurements: { jsonRpcCode: -32601, httpStatus: 200 } },
    ]);
  });

  it('fails a server that compares Mcp-Name as sent, never decoding the Base64 form', async () => {
    const record = await conformanceCase(httpStandardHeaders, 'transport-leftovers', 'http', '2026-07-28', {
      FIXTURE_PARAM_HEADERS: 'literal',
    });
    expect(record).toMatchObject({ status: 'fail' });
    expect(record.findings?.slice(1)).toEqual([
      { label: 'tool-name-header-missing-rejected', measurements: { jsonRpcCode: -32020, httpStatus: 400 } },
      { label: 'tool-name-header-mismatch-rejected', measurements: { jsonRpcCode: -32020, httpStatus: 400 } },
      { label: 'tool-name-header-base64-refused', measurements: { jsonRpcCode: -32020, httpStatus: 400 } },
    ]);
  });

  it('skips stdio', async () => {
    const record = await conformanceCase(httpStandardHeaders, 'sloppy-modern', 'stdio');
    expect(record).toMatchObject({ status: 'skip', label: 'not-applicable-stdio' });
  });
});
