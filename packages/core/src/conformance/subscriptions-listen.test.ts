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
  ] as const)('fails listen-flaws %s over both transports', async (flaw, label) => {
    for (const transport of ['http', 'stdio'] as const) {
      const record = await conformanceCase(subscriptionsListen, 'listen-flaws', transport, '2026-07-28', { FIXTURE_FLAW: flaw });
      expect(record, transport).toMatchObject({ status: 'fail', label });
    }
  });

  // A silent server pays the whole per-request limit, so this case gets a short one (3 s): long
  // enough for a loaded machine's handshake, short enough not to slow the suite.
  it('fails a silent listen-flaws over both transports once the per-request limit has passed', async () => {
    for (const transport of ['http', 'stdio'] as const) {
      const record = await conformanceCase(subscriptionsListen, 'listen-flaws', transport, '2026-07-28', { FIXTURE_FLAW: 'silent' }, 3_000);
      expect(record, transport).toMatchObject({ status: 'fail', label: 'acknowledgement-missing' });
      expect(record.durationMs, transport).toBeGreaterThanOrEqual(3_000);
    }
  });

  // The acknowledgement is awaited like any answer: a server that sends it late (here 2 s, far past
  // the old fixed window of 250 ms plus two round trips) is slow, not silent.
  it.each(['http', 'stdio'] as const)('passes listen-flaws slow-ack over %s: a late acknowledgement is awaited', async (transport) => {
    const record = await conformanceCase(subscriptionsListen, 'listen-flaws', transport, '2026-07-28', { FIXTURE_FLAW: 'slow-ack' });
    expect(record).toMatchObject({ status: 'pass', label: 'listen-honest' });
  });

  it('skips the legacy era and a server declaring no listChanged', async () => {
    const legacy = await conformanceCase(subscriptionsListen, 'reference', 'http', '2025-11-25');
    expect(legacy).toMatchObject({ status: 'skip', label: 'era-legacy' });
    const quiet = await conformanceCase(subscriptionsListen, 'sloppy-modern', 'http', '2026-07-28');
    expect(quiet).toMatchObject({ status: 'skip', label: 'capability-not-declared' });
  });
});
