import { describe, expect, it } from 'vitest';

import { CHANNEL_ERAS } from '../test-support/matrix.js';
import { conformanceCase } from './test-support/conformance-case.js';
import { unknownMethodError } from './unknown-method-error.js';

describe('unknown-method-error', () => {
  it.each(CHANNEL_ERAS)('passes the reference server over $transport on $protocol: -32601', async ({ transport, protocol }) => {
    const record = await conformanceCase(unknownMethodError, 'reference', transport, protocol);
    const httpStatus = transport === 'http' ? { httpStatus: protocol === '2026-07-28' ? 404 : 200 } : {};
    expect(record).toMatchObject({ status: 'pass', label: 'method-not-found', measurements: { jsonRpcCode: -32601, ...httpStatus } });
  });

  it.each(['stdio', 'http'] as const)('fails a server that serves a method no revision defines on 2026-07-28 (%s)', async (transport) => {
    const record = await conformanceCase(unknownMethodError, 'utility-flaws', transport, '2026-07-28');
    expect(record).toMatchObject({ status: 'fail', label: 'unknown-method-served' });
  });

  it('fails a legacy server answering a method no revision defines with -32603', async () => {
    const record = await conformanceCase(unknownMethodError, 'utility-flaws', 'stdio', '2025-11-25');
    expect(record).toMatchObject({ status: 'fail', label: 'wrong-error-code', measurements: { jsonRpcCode: -32603 } });
  });

  it('fails a 2026-07-28 server answering -32601 under HTTP 200 instead of 404', async () => {
    const record = await conformanceCase(unknownMethodError, 'sloppy-modern', 'http');
    expect(record).toMatchObject({ status: 'fail', label: 'wrong-http-status', measurements: { jsonRpcCode: -32601, httpStatus: 200 } });
  });
});
