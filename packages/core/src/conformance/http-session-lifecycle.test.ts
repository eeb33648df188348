import { describe, expect, it } from 'vitest';

import { httpSessionLifecycle } from './http-session-lifecycle.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('http-session-lifecycle', () => {
  it('passes the reference server: 400 without a session, 404 for an unknown or deleted one', async () => {
    const record = await conformanceCase(httpSessionLifecycle, 'reference', 'http', '2025-11-25');
    expect(record).toMatchObject({ status: 'pass', label: 'session-lifecycle-honest' });
    expect(record.findings).toBeUndefined();
  });

  it('passes a hand-rolled sessionful server too', async () => {
    const record = await conformanceCase(httpSessionLifecycle, 'negotiation-quirks', 'http', 'auto', { QUIRK: 'legacy-session' });
    expect(record).toMatchObject({ status: 'pass', label: 'session-lifecycle-honest' });
  });

  it('fails a server that issues a session id and never checks it', async () => {
    const record = await conformanceCase(httpSessionLifecycle, 'sloppy-legacy', 'http');
    expect(record).toMatchObject({ status: 'fail', label: 'sessionless-request-served', measurements: { httpStatus: 200 } });
  });

  it('skips a legacy server that issues no session (allowed: it is stateless)', async () => {
    const record = await conformanceCase(httpSessionLifecycle, 'negotiation-quirks', 'http', 'auto', { QUIRK: 'legacy-versions' });
    expect(record).toMatchObject({ status: 'skip', label: 'sessions-not-used' });
  });

  it('skips stdio and the 2026-07-28 era', async () => {
    expect(await conformanceCase(httpSessionLifecycle, 'reference', 'stdio', '2025-11-25')).toMatchObject({
      status: 'skip',
      label: 'not-applicable-stdio',
    });
    expect(await conformanceCase(httpSessionLifecycle, 'reference', 'http', '2026-07-28')).toMatchObject({
      status: 'skip',
      label: 'era-modern',
    });
  });
});
