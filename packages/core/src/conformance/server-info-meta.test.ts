import { describe, expect, it } from 'vitest';

import { serverInfoMeta } from './server-info-meta.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('server-info-meta', () => {
  it.each(['stdio', 'http'] as const)('passes the reference server over %s, discover, every list page and two reads', async (transport) => {
    const record = await conformanceCase(serverInfoMeta, 'reference', transport, '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'server-info-present', measurements: { results: 10, defects: 0 } });
  });

  it('skips a legacy server, whose initialize result names the server instead', async () => {
    const record = await conformanceCase(serverInfoMeta, 'reference', 'stdio', '2025-11-25');
    expect(record).toMatchObject({ status: 'skip', label: 'era-legacy' });
  });

  it('fails a server naming itself in the discover body, and without a version elsewhere', async () => {
    const record = await conformanceCase(serverInfoMeta, 'should-flaws', 'http', '2026-07-28', { FIXTURE_FLAW: 'server-info-missing' });
    expect(record).toMatchObject({ status: 'fail', label: 'discover-server-info-missing' });
    expect(record.findings?.map((f) => f.label)).toEqual([
      'discover-server-info-missing',
      'tools-server-info-incomplete',
      'tools-server-info-incomplete',
      'resources-server-info-incomplete',
      'resources-server-info-incomplete',
      'resource-templates-server-info-incomplete',
      'prompts-server-info-incomplete',
      'prompts-server-info-incomplete',
      'resource-read-server-info-incomplete',
      'prompt-get-server-info-incomplete',
    ]);
  });

  it('passes the same server without the flaw over stdio', async () => {
    const record = await conformanceCase(serverInfoMeta, 'should-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'pass', label: 'server-info-present' });
  });

  it('skips, never passes, when the declared lists cannot be read (tools/list and prompts/list errors)', async () => {
    const record = await conformanceCase(serverInfoMeta, 'unreadable-lists', 'stdio', '2026-07-28');
    expect(record).toMatchObject({ status: 'skip', label: 'surface-unreadable', measurements: { defects: 0, unreadable: 2 } });
    expect(record.findings?.map((f) => f.label)).toEqual(['tools-unreadable', 'prompts-unreadable']);
  });
});
