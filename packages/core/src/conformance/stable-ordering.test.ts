import { describe, expect, it } from 'vitest';

import { ERAS } from '../test-support/matrix.js';
import { stableOrdering } from './stable-ordering.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe.each(ERAS)('stable-ordering (%s)', (protocol) => {
  it('passes the reference server, comparing its whole paginated catalog', async () => {
    const record = await conformanceCase(stableOrdering, 'reference', 'stdio', protocol);
    expect(record).toMatchObject({ status: 'pass', label: 'order-stable', measurements: { tools: 11, pages: 3 } });
  });

  it('fails a server that lists the same tools in another order each time', async () => {
    const record = await conformanceCase(stableOrdering, 'conformance-flaws', 'stdio', protocol);
    expect(record).toMatchObject({ status: 'fail', label: 'order-changed', measurements: { tools: 13, firstDifference: 0 } });
  });
});

it('passes over HTTP, where every modern request is served by a fresh server instance', async () => {
  const record = await conformanceCase(stableOrdering, 'reference', 'http', '2026-07-28');
  expect(record).toMatchObject({ status: 'pass', label: 'order-stable' });
});

it('skips, never passes or fails, when tools/list cannot be read or is empty', async () => {
  const unreadable = await conformanceCase(stableOrdering, 'unreadable-lists', 'stdio');
  expect(unreadable).toMatchObject({ status: 'skip', label: 'list-unreadable', measurements: { pages: 1 } });
  const empty = await conformanceCase(stableOrdering, 'unreadable-lists', 'stdio', 'auto', { FIXTURE_FLAW: 'empty' });
  expect(empty).toMatchObject({ status: 'skip', label: 'nothing-listed' });
});
