import { describe, expect, it } from 'vitest';

import { cacheFields } from './cache-fields.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('cache-fields', () => {
  it.each(['stdio', 'http'] as const)(
    'passes the reference server over %s: discover, every page of every list, and a read',
    async (transport) => {
      const record = await conformanceCase(cacheFields, 'reference', transport, '2026-07-28');
      // discover 1 + tools 3 pages + resources 2 + templates 1 + prompts 1 + one resources/read.
      expect(record).toMatchObject({ status: 'pass', label: 'cache-fields-present', measurements: { results: 9, defects: 0 } });
    },
  );

  it('skips a legacy connection, where results carry no cache fields by design', async () => {
    const record = await conformanceCase(cacheFields, 'reference', 'stdio', '2025-11-25');
    expect(record).toMatchObject({ status: 'skip', label: 'era-legacy' });
  });

  it.each(['stdio', 'http'] as const)(
    'fails a server whose results lack ttlMs or carry a bad cacheScope, one finding per result (%s)',
    async (transport) => {
      const record = await conformanceCase(cacheFields, 'sloppy-modern', transport);
      expect(record).toMatchObject({ status: 'fail', label: 'tools-ttl-missing', measurements: { results: 4, defects: 3 } });
      expect(record.findings).toEqual([
        { label: 'tools-ttl-missing', measurements: { page: 1 } },
        { label: 'resources-cache-scope-invalid', measurements: { page: 1 } },
        { label: 'resource-read-ttl-missing', measurements: { page: 1 } },
      ]);
    },
  );
});
