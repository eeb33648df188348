import { describe, expect, it } from 'vitest';

import { ERAS } from '../test-support/matrix.js';
import { stdioFraming } from './stdio-framing.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('stdio-framing', () => {
  it.each(ERAS)('passes the reference server over stdio on %s', async (protocol) => {
    const record = await conformanceCase(stdioFraming, 'reference', 'stdio', protocol);
    expect(record).toMatchObject({ status: 'pass', label: 'stdout-messages-only', measurements: { defects: 0 } });
  });

  it('skips an HTTP server', async () => {
    const record = await conformanceCase(stdioFraming, 'reference', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'skip', label: 'not-applicable-http' });
  });

  it.each(ERAS)('fails a plain text line on stdout on %s', async (protocol) => {
    const record = await conformanceCase(stdioFraming, 'wire-flaws', 'stdio', protocol, { FIXTURE_FLAW: 'stdout-garbage' });
    expect(record).toMatchObject({ status: 'fail', label: 'stdout-not-message' });
  });

  it('fails a request on stdout from a 2026-07-28 server, and not from a legacy one', async () => {
    const modern = await conformanceCase(stdioFraming, 'wire-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'server-request' });
    expect(modern).toMatchObject({ status: 'fail', label: 'stdout-request' });
    const legacy = await conformanceCase(stdioFraming, 'wire-flaws', 'stdio', '2025-11-25', { FIXTURE_FLAW: 'server-request' });
    expect(legacy).toMatchObject({ status: 'pass', label: 'stdout-messages-only' });
  });
});
