import { describe, expect, it } from 'vitest';

import { listsPerConnection } from './lists-per-connection.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('lists-per-connection', () => {
  it.each(['stdio', 'http'] as const)(
    'passes the reference: tools, resources and prompts the same on a second connection (%s)',
    async (transport) => {
      const record = await conformanceCase(listsPerConnection, 'reference', transport, '2026-07-28');
      expect(record).toMatchObject({ status: 'pass', label: 'lists-same-per-connection', measurements: { lists: 3 } });
      expect(record.findings?.map((f) => f.label)).toEqual(['tools-list-same', 'resources-list-same', 'prompts-list-same']);
    },
  );

  it('fails a stdio server whose every list names an entry after its process', async () => {
    const record = await conformanceCase(listsPerConnection, 'header-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'per-connection' });
    expect(record).toMatchObject({ status: 'fail', label: 'tools-list-varies', measurements: { lists: 3 } });
    expect(record.findings).toEqual([
      { label: 'tools-list-varies', measurements: { items: 3, secondItems: 3 } },
      { label: 'resources-list-varies', measurements: { items: 1, secondItems: 1 } },
      { label: 'prompts-list-varies', measurements: { items: 1, secondItems: 1 } },
    ]);
  });

  it('walks only the declared lists (header-flaws none declares tools alone)', async () => {
    const record = await conformanceCase(listsPerConnection, 'header-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'pass', label: 'lists-same-per-connection', measurements: { lists: 1 } });
  });

  it('skips the legacy era, which has no such sentence', async () => {
    const record = await conformanceCase(listsPerConnection, 'reference', 'stdio', '2025-11-25');
    expect(record).toMatchObject({ status: 'skip', label: 'era-legacy' });
  });
});
