import { describe, expect, it } from 'vitest';

import { subscriptionsListen } from './subscriptions-listen.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('subscriptions-listen', () => {
  it('passes the reference server over HTTP: the acknowledgement, stamped, and discover served afterwards', async () => {
    const record = await conformanceCase(subscriptionsListen, 'reference', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'listen-honest', measurements: { notifications: 1 } });
  });

  it('passes a hand-rolled stream with a stamped change notification after the acknowledgement', async () => {
    const record = await conformanceCase(subscriptionsListen, 'listen-flaws', 'http', '2026-07-28', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'pass', label: 'listen-honest', measurements: { notifications: 2 } });
  });

  it.each([
    ['late-ack', 'acknowledgement-not-first'],
    ['unstamped', 'subscription-id-missing'],
    ['unrequested', 'unrequested-notification'],
  ] as const)('fails listen-flaws %s', async (flaw, label) => {
    const record = await conformanceCase(subscriptionsListen, 'listen-flaws', 'http', '2026-07-28', { FIXTURE_FLAW: flaw });
    expect(record).toMatchObject({ status: 'fail', label });
  });

  it('skips stdio, the legacy era, and a server declaring no listChanged', async () => {
    const stdio = await conformanceCase(subscriptionsListen, 'reference', 'stdio', '2026-07-28');
    expect(stdio).toMatchObject({ status: 'skip', label: 'not-applicable-stdio' });
    const legacy = await conformanceCase(subscriptionsListen, 'reference', 'http', '2025-11-25');
    expect(legacy).toMatchObject({ status: 'skip', label: 'era-legacy' });
    const quiet = await conformanceCase(subscriptionsListen, 'sloppy-modern', 'http', '2026-07-28');
    expect(quiet).toMatchObject({ status: 'skip', label: 'capability-not-declared' });
  });
});
