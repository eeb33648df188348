import { describe, expect, it } from 'vitest';

import { TRANSPORT_ERAS } from '../test-support/matrix.js';
import { serverInitiated } from './server-initiated.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('server-initiated', () => {
  it.each(TRANSPORT_ERAS)('passes the reference server over $transport on $protocol', async ({ transport, protocol }) => {
    const record = await conformanceCase(serverInitiated, 'reference', transport, protocol);
    expect(record).toMatchObject({ status: 'pass', label: 'server-traffic-negotiated', measurements: { defects: 0 } });
  });

  it.each(TRANSPORT_ERAS)(
    'passes the correct wire fixture (progress only) over $transport on $protocol',
    async ({ transport, protocol }) => {
      const record = await conformanceCase(serverInitiated, 'wire-flaws', transport, protocol, { FIXTURE_FLAW: 'none' });
      expect(record).toMatchObject({ status: 'pass', label: 'server-traffic-negotiated', measurements: { initiated: 2 } });
    },
  );

  it.each([
    ['server-request', '2025-11-25', 'request-undeclared-capability'],
    ['unrequested-log', '2025-11-25', 'log-undeclared'],
    ['list-changed', '2025-11-25', 'list-changed-undeclared'],
    ['resources-updated', '2025-11-25', 'updated-unsubscribed'],
    ['server-request', '2026-07-28', 'server-request'],
    ['null-id-request', '2026-07-28', 'server-request'],
    ['server-cancelled', '2026-07-28', 'cancelled-outside-listen'],
    ['unrequested-log', '2026-07-28', 'log-without-level'],
  ] as const)('fails %s on %s with %s over stdio and HTTP', async (flaw, protocol, label) => {
    for (const transport of ['stdio', 'http'] as const) {
      const record = await conformanceCase(serverInitiated, 'wire-flaws', transport, protocol, { FIXTURE_FLAW: flaw });
      expect(record, transport).toMatchObject({ status: 'fail', label });
    }
  });
});
