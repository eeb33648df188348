import { describe, expect, it } from 'vitest';

import { cancellationIgnored } from './cancellation-ignored.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('cancellation-ignored', () => {
  it.each([
    ['stdio', '2026-07-28'],
    ['http', '2026-07-28'],
    ['stdio', '2025-11-25'],
    ['http', '2025-11-25'],
  ] as const)(
    'passes the reference over %s on %s: the invalid cancellation unanswered, the next request served',
    async (transport, era) => {
      const record = await conformanceCase(cancellationIgnored, 'reference', transport, era);
      expect(record).toMatchObject({ status: 'pass', label: 'invalid-cancellation-ignored', measurements: { answers: 0 } });
    },
  );

  it.each(['stdio', 'http'] as const)('fails a server that answers notifications, over %s', async (transport) => {
    const record = await conformanceCase(cancellationIgnored, 'wire-flaws', transport, '2025-11-25', {
      FIXTURE_FLAW: 'notification-response',
    });
    expect(record).toMatchObject({ status: 'fail', label: 'invalid-cancellation-answered' });
    const clean = await conformanceCase(cancellationIgnored, 'wire-flaws', transport, '2025-11-25', { FIXTURE_FLAW: 'none' });
    expect(clean).toMatchObject({ status: 'pass', label: 'invalid-cancellation-ignored' });
  });

  it.each(['stdio', 'http'] as const)('gives no verdict over a full wire log (filler-then-duplicate), over %s', async (transport) => {
    const record = await conformanceCase(cancellationIgnored, 'wire-flaws', transport, '2025-11-25', {
      FIXTURE_FLAW: 'filler-then-duplicate',
    });
    expect(record).toMatchObject({ status: 'error', label: 'wire-log-full' });
  });
});
