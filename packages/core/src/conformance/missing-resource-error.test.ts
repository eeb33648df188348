import { describe, expect, it } from 'vitest';

import { TRANSPORT_ERAS } from '../test-support/matrix.js';
import { missingResourceError } from './missing-resource-error.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('missing-resource-error', () => {
  it.each(TRANSPORT_ERAS)('passes the reference server over $transport on $protocol: -32602', async ({ transport, protocol }) => {
    const record = await conformanceCase(missingResourceError, 'reference', transport, protocol);
    expect(record).toMatchObject({ status: 'pass', label: 'not-found-honest', measurements: { jsonRpcCode: -32602 } });
  });

  it('fails a 2026-07-28 server still answering the retired -32002', async () => {
    const record = await conformanceCase(missingResourceError, 'sloppy-modern', 'stdio');
    expect(record).toMatchObject({ status: 'fail', label: 'wrong-error-code', measurements: { jsonRpcCode: -32002 } });
  });

  it('fails a legacy server answering with an internal error', async () => {
    const record = await conformanceCase(missingResourceError, 'sloppy-legacy', 'stdio');
    expect(record).toMatchObject({ status: 'fail', label: 'wrong-error-code', measurements: { jsonRpcCode: -32603 } });
  });

  it('skips a server that declares no resources', async () => {
    const record = await conformanceCase(missingResourceError, 'catalog', 'stdio', 'auto', { FIXTURE_TOOLS: '3' });
    expect(record).toMatchObject({ status: 'skip', label: 'capability-not-declared' });
  });
});
