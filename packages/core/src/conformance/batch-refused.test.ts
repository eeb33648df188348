import { describe, expect, it } from 'vitest';

import { batchRefused } from './batch-refused.js';
import { conformanceCase } from './test-support/conformance-case.js';

describe('batch-refused', () => {
  it.each(['reference', 'modern-only'] as const)('passes %s over HTTP: the batch is 400 (-32600 recorded)', async (fixture) => {
    const record = await conformanceCase(batchRefused, fixture, 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'pass', label: 'batch-refused', measurements: { httpStatus: 400, jsonRpcCode: -32600 } });
  });

  it('fails a server that serves the batch as an array of answers', async () => {
    const record = await conformanceCase(batchRefused, 'transport-leftovers', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'fail', label: 'batch-served', measurements: { httpStatus: 200 } });
  });

  it('fails a server that accepts the batch with 202', async () => {
    const record = await conformanceCase(batchRefused, 'sloppy-modern', 'http', '2026-07-28');
    expect(record).toMatchObject({ status: 'fail', label: 'batch-served', measurements: { httpStatus: 202 } });
  });

  it('skips stdio and the legacy era', async () => {
    expect(await conformanceCase(batchRefused, 'reference', 'stdio', '2026-07-28')).toMatchObject({
      status: 'skip',
      label: 'not-applicable-stdio',
    });
    expect(await conformanceCase(batchRefused, 'reference', 'http', '2025-11-25')).toMatchObject({ status: 'skip', label: 'era-legacy' });
  });
});
