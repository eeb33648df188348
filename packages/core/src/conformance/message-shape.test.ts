import { describe, expect, it } from 'vitest';

import { TRANSPORT_ERAS } from '../test-support/matrix.js';
import { messageShape } from './message-shape.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('message-shape', () => {
  it.each(TRANSPORT_ERAS)('passes the reference server over $transport on $protocol', async ({ transport, protocol }) => {
    const record = await conformanceCase(messageShape, 'reference', transport, protocol);
    expect(record).toMatchObject({ status: 'pass', label: 'messages-well-formed', measurements: { defects: 0, truncated: 0 } });
  });

  it.each(TRANSPORT_ERAS)('passes the correct wire fixture over $transport on $protocol', async ({ transport, protocol }) => {
    const record = await conformanceCase(messageShape, 'wire-flaws', transport, protocol, { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'pass', label: 'messages-well-formed' });
  });

  it.each([
    ['bad-jsonrpc', 'jsonrpc-version'],
    ['notification-response', 'response-unknown-id'],
    ['duplicate-response', 'response-duplicate'],
    ['string-error-code', 'error-malformed'],
    ['notification-with-id', 'notification-with-id'],
    ['null-id-request', 'request-id-invalid'],
  ] as const)('fails %s with %s over stdio and HTTP', async (flaw, label) => {
    for (const transport of ['stdio', 'http'] as const) {
      const record = await conformanceCase(messageShape, 'wire-flaws', transport, '2025-11-25', { FIXTURE_FLAW: flaw });
      expect(record, transport).toMatchObject({ status: 'fail', label });
    }
  });

  // The log keeps 2,000 frames: a server that fills it with valid notifications and then answers
  // twice (and answers an id never sent) must not be judged on the harmless part alone.
  it.each(['stdio', 'http'] as const)('gives no pass over a full wire log (filler-then-duplicate), over %s', async (transport) => {
    const record = await conformanceCase(messageShape, 'wire-flaws', transport, '2025-11-25', { FIXTURE_FLAW: 'filler-then-duplicate' });
    expect(record).toMatchObject({ status: 'error', label: 'wire-log-full', measurements: { truncated: 1, defects: 0 } });
  });

  it('fails a non-JSON stdout line on 2026-07-28', async () => {
    const record = await conformanceCase(messageShape, 'wire-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'stdout-garbage' });
    expect(record).toMatchObject({ status: 'fail', label: 'not-json' });
  });
});
