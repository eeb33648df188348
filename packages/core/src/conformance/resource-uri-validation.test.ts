import { describe, expect, it } from 'vitest';

import { resourceUriValidation } from './resource-uri-validation.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('resource-uri-validation', () => {
  it.each([
    ['stdio', '2026-07-28'],
    ['http', '2026-07-28'],
    ['stdio', '2025-11-25'],
    ['http', '2025-11-25'],
  ] as const)('passes the reference server over %s (%s): a read of a non-URI is an error', async (transport, era) => {
    const record = await conformanceCase(resourceUriValidation, 'reference', transport, era);
    // The reference lists no file:// resource, so only the non-URI probe applies.
    expect(record).toMatchObject({ status: 'pass', label: 'uris-validated', measurements: { probes: 1, traversalProbes: 0 } });
  });

  it.each(['stdio', 'http'] as const)(
    'passes content-flaws without a flaw over %s: both traversal reads are refused',
    async (transport) => {
      for (const era of ['2026-07-28', '2025-11-25'] as const) {
        const record = await conformanceCase(resourceUriValidation, 'content-flaws', transport, era, { FIXTURE_FLAW: 'none' });
        expect(record).toMatchObject({ status: 'pass', label: 'uris-validated', measurements: { probes: 3, traversalProbes: 2 } });
      }
    },
  );

  it.each(['stdio', 'http'] as const)('fails a server that reads any string, URI or not (%s)', async (transport) => {
    const record = await conformanceCase(resourceUriValidation, 'content-flaws', transport, '2026-07-28', { FIXTURE_FLAW: 'non-uri-read' });
    expect(record).toMatchObject({ status: 'fail', label: 'non-uri-served', findings: [{ label: 'non-uri-served' }] });
  });

  it.each(['stdio', 'http'] as const)(
    'fails a server that serves ../ and %%2e%%2e reads out of a listed directory (%s)',
    async (transport) => {
      const record = await conformanceCase(resourceUriValidation, 'content-flaws', transport, '2025-11-25', {
        FIXTURE_FLAW: 'path-traversal',
      });
      expect(record).toMatchObject({ status: 'fail', label: 'traversal-served' });
      expect(record.findings?.map((f) => f.label)).toEqual(['traversal-served', 'traversal-encoded-served']);
    },
  );

  it('skips a server that does not declare resources', async () => {
    const record = await conformanceCase(resourceUriValidation, 'mrtr-flaws', 'stdio', '2026-07-28', { FIXTURE_FLAW: 'none' });
    expect(record).toMatchObject({ status: 'skip', label: 'capability-not-declared' });
  });
});
