import { describe, expect, it } from 'vitest';

import { subscriptionsListen } from './subscriptions-listen.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('subscriptions-listen', () => {
  it.each(['http', 'stdio'] as const)(
    'passes the reference server over %s: the acknowledgement, stamped, and discover served afterwards',
    async (transport) => {
      const record = await conformanceCase(subscriptionsListen, 'reference', transport, '2026-07-28');
      expect(record).toMatchObject({ status: 'pass', label: 'listen-honest', measurements: { notifications: 1 } });
    },
  );

  it.each(['http', 'stdio'] as const)(
    'passes a hand-rolled subscription over %s with a stamped change notification after the acknowledgement',
    async (transport) => {
      const record = await conformanceCase(subscriptionsListen, 'listen-flaws', transport, '2026-07-28', { FIXTURE_FLAW: 'none' });
      expect(record).toMatchObject({ status: 'pass', label: 'listen-honest', measurements: { notifications: 2 } });
    },
  );

  it.each([
    ['late-ack', 'acknowledgement-not-first'],
    ['unstamped', 'subscription-id-missing'],
    ['unrequested', 'unrequested-notification'],
    ['silent', 'acknowledgement-missing'],
  ] as const)('fails listen-flaws %s over both transports', async (flaw, label) => {
    for (const transport of ['http', 'stdio'] as const) {
      const record = await conformanceCase(subscriptionsListen, 'listen-flaws', transport, '2026-07-28', { FIXTURE_FLAW: flaw });
      expect(record, transport).toMatchObject({ status: 'fail', label });
    }
  });

  it('skips the legacy era and a server declaring no listChanged', async () => {
    const legacy = await conformanceCase(subscriptionsListen, 'reference', 'http', '2025-11-25');
    expect(legacy).toMatchObject({ status: 'skip', label: 'era-legacy' });
    const quiet = await conformanceCase(subscriptionsListen, 'sloppy-modern', 'http', '2026-07-28');
    expect(quiet).toMatchObject({ status: 'skip', label: 'capability-not-declared' });
  });
});
