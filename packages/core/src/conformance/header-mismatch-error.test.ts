import { describe, expect, it } from 'vitest';

import { headerMismatchError } from './header-mismatch-error.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('header-mismatch-error', () => {
  it('passes the reference server over HTTP: both mismatches are -32020 with 400', async () => {
    const record = await conformanceCase(headerMismatchError, 'reference', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'header-mismatch-rejected', measurements: { probes: 2 } });
    expect(record.findings).toEqual([
      { label: 'method-mismatch-rejected', measurements: { jsonRpcCode: -32020, httpStatus: 400 } },
      { label: 'version-mismatch-rejected', measurements: { jsonRpcCode: -32020, httpStatus: 400 } },
    ]);
  });

  it('fails a server that never looks at its headers', async () => {
    const record = await conformanceCase(headerMismatchError, 'sloppy-modern', 'http');
    expect(record).toMatchObject({ status: 'fail', label: 'method-mismatch-served' });
    expect(record.findings?.map((f) => f.label)).toEqual(['method-mismatch-served', 'version-mismatch-served']);
  });

  it('skips stdio, which has no headers', async () => {
    const record = await conformanceCase(headerMismatchError, 'reference', 'stdio', '2026-07-28');
    expect(record).toMatchObject({ status: 'skip', label: 'not-applicable-stdio' });
  });

  it('skips a legacy connection', async () => {
    const record = await conformanceCase(headerMismatchError, 'reference', 'http', '2025-11-25');
    expect(record).toMatchObject({ status: 'skip', label: 'era-legacy' });
  });
});
