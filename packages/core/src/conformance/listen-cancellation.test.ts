import { describe, expect, it } from 'vitest';

import { listenCancellation } from './listen-cancellation.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('listen-cancellation', () => {
  it('passes the reference server over stdio: silent after the cancellation, and serving', async () => {
    const record = await conformanceCase(listenCancellation, 'reference', 'stdio', '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'cancel-honoured', measurements: { lateNotifications: 0, lateAnswers: 0 } });
  });

  it('passes a hand-rolled subscription that stops when cancelled', async () => {
    const record = await conformanceCase(listenCancellation, 'listen-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'pass', label: 'cancel-honoured' });
  });

  it('fails a server that notifies and answers the cancelled subscription', async () => {
    const record = await conformanceCase(listenCancellation, 'listen-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'after-cancel' });
    expect(record).toMatchObject({
      status: 'fail',
      label: 'answered-after-cancel',
      measurements: { lateNotifications: 1, lateAnswers: 1 },
    });
  });

  it('skips HTTP, the legacy era, a server with no listChanged, and a subscription never acknowledged', async () => {
    const http = await conformanceCase(listenCancellation, 'reference', 'http', '2026-07-28');
    expect(http).toMatchObject({ status: 'skip', label: 'not-applicable-http' });
    const legacy = await conformanceCase(listenCancellation, 'reference', 'stdio', '2025-11-25');
    expect(legacy).toMatchObject({ status: 'skip', label: 'era-legacy' });
    const quiet = await conformanceCase(listenCancellation, 'sloppy-modern', 'stdio', '2026-07-28');
    expect(quiet).toMatchObject({ status: 'skip', label: 'capability-not-declared' });
    // A silent subscription is awaited for the whole per-request limit, so it gets a short one (3 s).
    const silent = await conformanceCase(listenCancellation, 'listen-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'silent' }, 3_000);
    expect(silent).toMatchObject({ status: 'skip', label: 'no-subscription' });
  });
});
