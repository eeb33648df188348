import { describe, expect, it } from 'vitest';

import { TRANSPORT_ERAS } from '../test-support/matrix.js';
import { progressNotifications } from './progress-notifications.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('progress-notifications', () => {
  it.each(TRANSPORT_ERAS)(
    'skips the reference server over $transport on $protocol, which reports no progress',
    async ({ transport, protocol }) => {
      const record = await conformanceCase(progressNotifications, 'reference', transport, protocol);
      expect(record).toMatchObject({ status: 'skip', label: 'no-progress-observed' });
    },
  );

  it.each(TRANSPORT_ERAS)('passes increasing progress before the answer over $transport on $protocol', async ({ transport, protocol }) => {
    const record = await conformanceCase(progressNotifications, 'wire-flaws', transport, protocol, { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'pass', label: 'progress-well-ordered', measurements: { notifications: 2, defects: 0 } });
  });

  it('skips a server that sends no progress at all, rather than passing it', async () => {
    const record = await conformanceCase(progressNotifications, 'wire-flaws', 'stdio', '2025-11-25', { FIXTURE_FLAW: 'quiet' });
    expect(record).toMatchObject({ status: 'skip', label: 'no-progress-observed' });
  });

  it.each([
    ['progress-backwards', 'progress-not-increasing'],
    ['progress-after-answer', 'progress-after-answer'],
    ['progress-unknown-token', 'progress-unknown-token'],
  ] as const)('fails %s with %s over stdio and HTTP', async (flaw, label) => {
    for (const { transport, protocol } of TRANSPORT_ERAS) {
      const record = await conformanceCase(progressNotifications, 'wire-flaws', transport, protocol, { FIXTURE_FLAW: flaw });
      expect(record, `${transport} ${protocol}`).toMatchObject({ status: 'fail', label });
    }
  });
});
