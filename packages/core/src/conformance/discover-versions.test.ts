import { describe, expect, it } from 'vitest';

import { discoverVersions } from './discover-versions.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('discover-versions', () => {
  it.each(['stdio', 'http'] as const)('passes the reference server on 2026-07-28 over %s', async (transport) => {
    const record = await conformanceCase(discoverVersions, 'reference', transport, '2026-07-28');
    expect(record).toMatchObject({ kind: 'conformance', status: 'pass', label: 'discover-valid', measurements: { supportedVersions: 1 } });
  });

  it('passes the reference server reached in the legacy era over HTTP, which still answers a modern discover', async () => {
    const record = await conformanceCase(discoverVersions, 'reference', 'http', '2025-11-25');
    expect(record).toMatchObject({ status: 'pass', label: 'discover-valid' });
  });

  it('skips a legacy stdio connection, where the server (pinned legacy by its first message) does not implement discover', async () => {
    const record = await conformanceCase(discoverVersions, 'reference', 'stdio', '2025-11-25');
    expect(record).toMatchObject({ status: 'skip', label: 'era-legacy', measurements: { jsonRpcCode: -32601 } });
  });

  it('skips a legacy-only server', async () => {
    const record = await conformanceCase(discoverVersions, 'sloppy-legacy', 'stdio');
    expect(record).toMatchObject({ status: 'skip', label: 'era-legacy' });
  });

  it.each(['stdio', 'http'] as const)('fails a server whose discover offers none of our versions (%s)', async (transport) => {
    const record = await conformanceCase(discoverVersions, 'negotiation-quirks', transport, 'auto', { QUIRK: 'no-overlap' });
    expect(record).toMatchObject({ status: 'fail', label: 'version-not-offered', measurements: { supportedVersions: 1 } });
  });
});
