import { describe, expect, it } from 'vitest';

import { postOnly } from './post-only.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('post-only', () => {
  it('passes a 2026-07-28-only server: GET and DELETE are 405', async () => {
    const record = await conformanceCase(postOnly, 'modern-only', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'post-only', measurements: { probes: 2 } });
    expect(record.findings).toEqual([
      { label: 'get-refused', measurements: { httpStatus: 405 } },
      { label: 'delete-refused', measurements: { httpStatus: 405 } },
    ]);
  });

  it('fails a 2026-07-28-only server that answers GET and DELETE 400', async () => {
    const record = await conformanceCase(postOnly, 'transport-leftovers', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'fail', label: 'get-not-405' });
    expect(record.findings?.map((f) => [f.label, f.measurements?.httpStatus])).toEqual([
      ['get-answered', 400],
      ['delete-answered', 400],
    ]);
  });

  it('skips, never passes, the dual-era reference, whose legacy side owns GET and DELETE', async () => {
    const record = await conformanceCase(postOnly, 'reference', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'skip', label: 'legacy-served' });
    expect(record.findings?.map((f) => f.label)).toEqual(['get-answered', 'delete-answered']);
  });

  it('skips stdio and the legacy era', async () => {
    expect(await conformanceCase(postOnly, 'modern-only', 'stdio', '2026-07-28')).toMatchObject({
      status: 'skip',
      label: 'not-applicable-stdio',
    });
    expect(await conformanceCase(postOnly, 'reference', 'http', '2025-11-25')).toMatchObject({ status: 'skip', label: 'era-legacy' });
  });
});
